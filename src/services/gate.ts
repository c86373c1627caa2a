// Lets shutdown stop taking commands and wait for the ones already running.
export class CommandGate {
  private closing = false;
  private readonly inFlight = new Set<Promise<unknown>>();

  get open(): boolean {
    return !this.closing;
  }

  /** Runs task unless the gate is closing; returns undefined when refused. */
  async run<T>(task: () => Promise<T>): Promise<T | undefined> {
    if (this.closing) return undefined;
    const promise = task();
    this.inFlight.add(promise);
    try {
      return await promise;
    } finally {
      this.inFlight.delete(promise);
    }
  }

  /** Resolves once no command is running, the gate left open (tests: a step's DMs, posts and board edits are sent). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Closes the gate and resolves when every running command has finished. */
  async drain(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.inFlight]);
  }
}
