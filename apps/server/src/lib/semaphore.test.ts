import { describe, expect, it } from 'vitest';
import { QueueFullError, Semaphore } from './semaphore.js';

/** A task that finishes (or fails) when the test says so. */
function gate<T>() {
  let open!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once and starts the rest in the order they asked', async () => {
    const slots = new Semaphore(2);
    const started: number[] = [];
    const gates = [0, 1, 2, 3, 4].map(() => gate<number>());
    const results = gates.map((g, i) =>
      slots.run(() => {
        started.push(i);
        return g.promise;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([slots.active, slots.queued]).toEqual([2, 3]);

    gates[1]!.open(1);
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open(0);
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[3]!.open(3);
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    gates[2]!.open(2);
    gates[4]!.open(4);
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect([slots.active, slots.queued]).toEqual([0, 0]);
  });

  it('releases the slot of a task that throws, and passes the error on', async () => {
    const slots = new Semaphore(1);
    const failing = gate<never>();
    const first = slots.run(() => failing.promise);
    const second = slots.run(async () => 'second ran');
    failing.fail(new Error('boom'));
    await expect(first).rejects.toThrow('boom');
    await expect(second).resolves.toBe('second ran');
    expect(slots.active).toBe(0);
  });

  it('releases the slot of a task that throws before returning a promise', async () => {
    const slots = new Semaphore(1);
    await expect(
      slots.run(() => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    await expect(slots.run(async () => 1)).resolves.toBe(1);
  });

  it('never lets a new task overtake one already waiting', async () => {
    const slots = new Semaphore(1);
    const order: string[] = [];
    const first = gate<void>();
    const a = slots.run(() => first.promise);
    const b = slots.run(async () => void order.push('b'));
    first.open();
    // Asked while `b` is about to get the freed slot: it must still go after `b`.
    const c = slots.run(async () => void order.push('c'));
    await Promise.all([a, b, c]);
    expect(order).toEqual(['b', 'c']);
  });

  it('starts waiting tasks at once when the limit is raised', async () => {
    const slots = new Semaphore(1);
    const gates = [0, 1, 2].map(() => gate<void>());
    const started: number[] = [];
    const all = gates.map((g, i) =>
      slots.run(() => {
        started.push(i);
        return g.promise;
      }),
    );
    await tick();
    expect(started).toEqual([0]);
    slots.setLimit(3);
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates.forEach((g) => g.open());
    await Promise.all(all);
  });

  it('keeps order through a long queue that never drains', async () => {
    const slots = new Semaphore(1);
    const order: number[] = [];
    const all = Array.from({ length: 5000 }, (_, i) =>
      slots.run(async () => {
        order.push(i);
      }),
    );
    await Promise.all(all);
    expect(order).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect(slots.queued).toBe(0);
  });

  it('refuses a task when the queue is full, without running it, and takes one again once there is room', async () => {
    const slots = new Semaphore(1, 2);
    const gates = [0, 1, 2].map(() => gate<number>());
    const results = gates.map((g) => slots.run(() => g.promise));
    let ranRefused = false;
    await expect(
      slots.run(() => {
        ranRefused = true;
        return Promise.resolve(0);
      }),
    ).rejects.toBeInstanceOf(QueueFullError);
    expect(ranRefused).toBe(false);
    expect([slots.active, slots.queued]).toEqual([1, 2]);
    gates[0]!.open(0);
    await tick();
    const late = slots.run(() => Promise.resolve(3));
    expect([slots.active, slots.queued]).toEqual([1, 2]);
    for (const [i, g] of gates.entries()) g.open(i);
    expect(await Promise.all([...results, late])).toEqual([0, 1, 2, 3]);
  });

  it('with no room to wait, runs only what finds a free slot', async () => {
    const slots = new Semaphore(2, 0);
    const g = gate<number>();
    const running = [slots.run(() => g.promise), slots.run(() => g.promise)];
    await expect(slots.run(() => Promise.resolve(0))).rejects.toBeInstanceOf(QueueFullError);
    slots.setMaxQueued(1);
    const waiting = slots.run(() => Promise.resolve(2));
    expect(slots.queued).toBe(1);
    g.open(1);
    expect(await Promise.all([...running, waiting])).toEqual([1, 1, 2]);
    expect(() => slots.setMaxQueued(-1)).toThrow(RangeError);
  });

  it('refuses a limit that is not a whole number of at least 1', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => new Semaphore(bad), String(bad)).toThrow(RangeError);
    }
  });
});
