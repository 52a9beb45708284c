import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves after the current task and its microtasks, even with timers paused', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'requestAnimationFrame'] });
    const order: string[] = [];
    const next = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('this task');
    await next;
    expect(order).toEqual(['this task', 'microtask', 'next task']);
  });
});
