import { randomUUID } from 'node:crypto';
import type { RedisLink } from './redis-link.js';

/**
 * Runs for each message on its topic; `null` means messages may have been missed (Redis was
 * away), so anything cached from the topic's data must go.
 */
export type BroadcastHandler = (message: string | null) => void;

/**
 * Tells every instance of the app that something changed, so an answer cached in one process is
 * never served after a write through another (decision 036). Services publish after their write
 * commits and subscribe to clear what they cache. Without REDIS_URL there is one instance and
 * the message only reaches this process.
 */
export interface Broadcast {
  /**
   * Runs this instance's handlers at once, then hands the message to Redis for every other
   * instance. Never rejects: an instance that cannot reach Redis is logged by the link, and the
   * others clear everything when they are reconnected.
   */
  publish(topic: string, message?: string): Promise<void>;
  subscribe(topic: string, handler: BroadcastHandler): void;
}

/** This process only (one instance, no REDIS_URL). */
export class LocalBroadcast implements Broadcast {
  private readonly handlers = new Map<string, BroadcastHandler[]>();

  async publish(topic: string, message = ''): Promise<void> {
    this.deliver(topic, message);
  }

  subscribe(topic: string, handler: BroadcastHandler): void {
    const list = this.handlers.get(topic);
    if (list) list.push(handler);
    else this.handlers.set(topic, [handler]);
  }

  /** Runs the topic's handlers; `null` topic: every handler, with `null` (messages missed). */
  deliver(topic: string | null, message: string | null): void {
    const lists = topic === null ? [...this.handlers.values()] : [this.handlers.get(topic) ?? []];
    for (const list of lists) for (const handler of list) handler(topic === null ? null : message);
  }
}

/** The Redis channel every instance listens on. */
export const BROADCAST_CHANNEL = 'focusroom:broadcast';

interface Envelope {
  from: string;
  topic: string;
  message: string;
}

function parseEnvelope(text: string): Envelope | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { from, topic, message } = value as Record<string, unknown>;
    if (typeof from !== 'string' || typeof topic !== 'string' || typeof message !== 'string') {
      return undefined;
    }
    return { from, topic, message };
  } catch {
    return undefined;
  }
}

/**
 * Every instance on one Redis, over pub/sub. The publisher's own handlers run before the message
 * leaves (and it ignores its echo), and `publish` resolves once Redis has passed the message on,
 * so a client that got the writer's answer finds the other instances' caches already cleared.
 * Pub/sub keeps nothing for a subscriber that is away: after a reconnect every handler runs with
 * `null`.
 */
export class RedisBroadcast implements Broadcast {
  private readonly local = new LocalBroadcast();
  private readonly instanceId = randomUUID();

  constructor(
    private readonly link: RedisLink,
    private readonly channel = BROADCAST_CHANNEL,
  ) {
    link.subscriber.subscribe(channel).catch((error: unknown) => link.failed(error));
    link.subscriber.on('message', (from: string, text: string) => {
      if (from !== channel) return;
      const envelope = parseEnvelope(text);
      if (!envelope || envelope.from === this.instanceId) return;
      this.local.deliver(envelope.topic, envelope.message);
    });
    link.onRecovered(() => this.local.deliver(null, null));
  }

  async publish(topic: string, message = ''): Promise<void> {
    this.local.deliver(topic, message);
    if (!this.link.usable) return;
    const envelope: Envelope = { from: this.instanceId, topic, message };
    try {
      await this.link.commands.publish(this.channel, JSON.stringify(envelope));
      this.link.succeeded();
    } catch (error) {
      this.link.failed(error);
    }
  }

  subscribe(topic: string, handler: BroadcastHandler): void {
    this.local.subscribe(topic, handler);
  }
}
