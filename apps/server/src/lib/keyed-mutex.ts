/**
 * Serializes work per key in this process: tasks with the same key run one after another, in
 * the order `run` was called; tasks with different keys do not wait for each other. A failed
 * task releases its key like a finished one.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys with a task running or waiting (for tests: nothing is kept once all are done). */
  get size(): number {
    return this.tails.size;
  }
}
