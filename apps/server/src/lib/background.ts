/**
 * Work done after the response is sent (mail for forgot-password and resend-verification), so
 * answers take the same time whether or not an account exists. Tracked so tests and shutdown
 * can wait for it.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly onError: (error: unknown, name: string) => void) {}

  run(name: string, task: () => Promise<void>): void {
    const promise: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.onError(error, name))
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  /** Resolves once every task started so far (and any they start) has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
