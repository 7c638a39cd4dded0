/**
 * Runs the work for one user strictly one at a time (a promise chain per user), so two
 * requests or a request and a tick-triggered close can never interleave on one account.
 * Different users proceed in parallel.
 */
export class UserLock {
  private readonly tails = new Map<number, Promise<unknown>>();

  run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(userId) ?? Promise.resolve();
    const next = previous.then(work);
    const tail = next.catch(() => undefined);
    this.tails.set(userId, tail);
    void tail.then(() => {
      if (this.tails.get(userId) === tail) this.tails.delete(userId);
    });
    return next;
  }
}
