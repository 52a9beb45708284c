import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as SessionOutbox from './session-outbox';

const outbox = vi.hoisted(() => ({ subscribed: 0, unsubscribed: 0 }));

vi.mock('./session-outbox', async (importOriginal) => {
  const actual = await importOriginal<typeof SessionOutbox>();
  return {
    ...actual,
    subscribeOutbox: (listener: Parameters<typeof actual.subscribeOutbox>[0]) => {
      outbox.subscribed += 1;
      const unsubscribe = actual.subscribeOutbox(listener);
      return () => {
        outbox.unsubscribed += 1;
        unsubscribe();
      };
    },
  };
});

describe('the statistics store', () => {
  afterEach(() => {
    outbox.subscribed = 0;
    outbox.unsubscribed = 0;
  });

  it('listens to the outbox only once started, once however often, and stops on reset', async () => {
    const store = await import('./stats-store');
    expect(outbox.subscribed).toBe(0);

    store.startStatsOutbox();
    store.startStatsOutbox();
    expect(outbox.subscribed).toBe(1);

    store.resetStatsStateForTests();
    expect(outbox.unsubscribed).toBe(1);
    store.startStatsOutbox();
    expect(outbox.subscribed).toBe(2);
    store.resetStatsStateForTests();
    expect(outbox.unsubscribed).toBe(2);
  });
});
