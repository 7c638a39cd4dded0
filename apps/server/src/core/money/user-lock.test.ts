import { describe, expect, it } from 'vitest';
import { UserLock } from './user-lock.js';

describe('user lock', () => {
  it("runs one user's work one at a time, in order, even when a step fails", async () => {
    const lock = new UserLock();
    const log: string[] = [];
    const step =
      (name: string, ms: number, fail = false) =>
      () =>
        new Promise<void>((resolve, reject) =>
          setTimeout(() => {
            log.push(name);
            if (fail) reject(new Error(name));
            else resolve();
          }, ms),
        );
    const a = lock.run(1, step('a', 30));
    const b = lock.run(1, step('b', 1, true));
    const c = lock.run(1, step('c', 1));
    const other = lock.run(2, step('other', 5));
    await Promise.allSettled([a, b, c, other]);
    await expect(b).rejects.toThrow('b');
    expect(log).toEqual(['other', 'a', 'b', 'c']);
  });
});
