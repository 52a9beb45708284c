import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../lib/clock.js';

/**
 * Answers of the video service kept for a while (product §7 Video search: cached 24 h), as JSON
 * text. A cache that fails (Redis down) reads as empty and writes nothing: search still works,
 * it only costs more upstream calls.
 */
export interface MusicCache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  value: string;
  expiresAtMs: number;
}

/**
 * In this process: at most `max` entries, least recently used out first. Expiry follows the
 * app's clock (not lru-cache's own timer), so tests move time instead of waiting.
 */
export class MemoryMusicCache implements MusicCache {
  private readonly entries: LRUCache<string, Entry>;

  constructor(
    private readonly clock: Clock,
    max = 5000,
  ) {
    this.entries = new LRUCache({ max });
  }

  async get(key: string): Promise<string | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= this.clock.now().getTime()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.entries.set(key, { value, expiresAtMs: this.clock.now().getTime() + ttlMs });
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

/** Shared by every instance on one Redis (REDIS_URL); Redis expires the keys. */
export class RedisMusicCache implements MusicCache {
  constructor(
    private readonly redis: Redis,
    private readonly onError: (error: unknown) => void,
    private readonly prefix = 'focusroom:music:',
  ) {}

  async get(key: string): Promise<string | undefined> {
    try {
      return (await this.redis.get(this.prefix + key)) ?? undefined;
    } catch (error) {
      this.onError(error);
      return undefined;
    }
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    try {
      await this.redis.set(this.prefix + key, value, 'PX', ttlMs);
    } catch (error) {
      this.onError(error);
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
