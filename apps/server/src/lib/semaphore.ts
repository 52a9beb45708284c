/** Thrown by `Semaphore.run` when the task would have to wait and the queue is full. */
export class QueueFullError extends Error {
  constructor() {
    super('queue full');
    this.name = 'QueueFullError';
  }
}

/**
 * At most `limit` tasks at once; the rest wait in the order they asked (FIFO), at most
 * `maxQueued` of them (unbounded unless set): a task that finds the queue full is refused with
 * `QueueFullError` and never runs. A task's slot is released when it settles, whether it
 * resolved or threw. Used to bound concurrent password hashes (passwords.ts), each of which
 * holds ~19 MiB while it runs, and image decodes (image-decoding.ts), each ~100 MB.
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Index of the next waiter in `waiting`; woken entries before it are dropped in batches. */
  private head = 0;

  constructor(
    private limit: number,
    private maxQueued = Infinity,
  ) {
    Semaphore.check(limit);
    Semaphore.checkQueue(maxQueued);
  }

  private static check(limit: number): void {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(`Semaphore limit must be a whole number >= 1, got ${limit}`);
    }
  }

  private static checkQueue(maxQueued: number): void {
    if (maxQueued !== Infinity && (!Number.isInteger(maxQueued) || maxQueued < 0)) {
      throw new RangeError(`Semaphore queue must be a whole number >= 0, got ${maxQueued}`);
    }
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.waiting.length - this.head;
  }

  /** Changes the bound; a larger one starts waiting tasks at once. */
  setLimit(limit: number): void {
    Semaphore.check(limit);
    this.limit = limit;
    while (this.running < this.limit && this.queued > 0) this.startNext();
  }

  /** Changes how many may wait; those waiting already keep their places. */
  setMaxQueued(maxQueued: number): void {
    Semaphore.checkQueue(maxQueued);
    this.maxQueued = maxQueued;
  }

  /**
   * Runs `task` once a slot is free; answers or throws what the task does. Throws
   * `QueueFullError` without running it when it would wait behind `maxQueued` others.
   */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit && this.queued === 0) this.running++;
    else if (this.queued >= this.maxQueued) throw new QueueFullError();
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private release(): void {
    this.running--;
    if (this.running < this.limit && this.queued > 0) this.startNext();
  }

  /** Hands a slot to the longest-waiting task. */
  private startNext(): void {
    const wake = this.waiting[this.head++]!;
    if (this.head === this.waiting.length) {
      this.waiting.length = 0;
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.waiting.length) {
      // A queue that never drains must not keep every woken entry.
      this.waiting.splice(0, this.head);
      this.head = 0;
    }
    this.running++;
    wake();
  }
}
