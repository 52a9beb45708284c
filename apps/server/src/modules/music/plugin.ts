import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { ModuleDeps } from '../../module-deps.js';
import { MemoryMusicCache, RedisMusicCache, type MusicCache } from './cache.js';
import { musicRoutes } from './routes.js';
import { MusicService } from './service.js';
import { YouTubeClient } from './youtube-client.js';

/** Registers /api/music (video search and link resolution). */
export async function registerMusic(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { config, clock } = deps.ctx;
  const log = app.log.child({ module: 'music' });
  let cache: MusicCache;
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
    // A cache that cannot reach Redis only costs upstream calls: warn, and carry on.
    redis.on('error', (error) => log.warn({ err: error }, 'music cache: Redis error'));
    cache = new RedisMusicCache(redis, (error) =>
      log.warn({ err: error }, 'music cache: Redis call failed'),
    );
  } else {
    cache = new MemoryMusicCache(clock);
  }
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
  app.addHook('onClose', () => cache.close());
}
