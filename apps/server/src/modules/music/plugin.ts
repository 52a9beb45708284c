import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../module-deps.js';
import { MemoryMusicCache, RedisMusicCache, type MusicCache } from './cache.js';
import { musicRoutes } from './routes.js';
import { MusicService } from './service.js';
import { YouTubeClient } from './youtube-client.js';

/** Registers /api/music (video search and link resolution). */
export async function registerMusic(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { config, clock, redis } = deps.ctx;
  const log = app.log.child({ module: 'music' });
  // A cache that cannot reach Redis only costs upstream calls: the link warns once, and the
  // search carries on. The link owns (and closes) the connection.
  const cache: MusicCache = redis
    ? new RedisMusicCache(redis.commands, (error) => redis.failed(error))
    : new MemoryMusicCache(clock);
  const client = new YouTubeClient({
    apiBase: config.youtubeApiBase,
    apiKey: config.youtubeApiKey,
    oembedBase: config.youtubeOembedBase,
  });
  await app.register(musicRoutes, {
    prefix: '/api/music',
    service: new MusicService(deps.ctx, client, cache, log),
    requireAuth: deps.requireAuth,
  });
  if (!redis) app.addHook('onClose', () => cache.close());
}
