/**
 * The "get code" countdown (docs/product.md §4, §9: 60 s, button disabled meanwhile). It counts
 * down to a deadline rather than ticking a counter, so a phone that slept or a tab in
 * the background still shows the right number when it wakes.
 *
 * Countdowns live outside React, by scope ("register:email" …): leaving the page and
 * coming back within the minute shows the time still left instead of a button the server
 * would refuse.
 */

export interface CountdownClock {
  now: () => number;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
}

const systemClock: CountdownClock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
};

/** Whole seconds left until `deadline`, rounded up (59.2 s left shows 60). */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export class Countdown {
  private deadline = 0;
  private timer: unknown = null;
  private left = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly clock: CountdownClock = systemClock) {}

  /** Seconds left; 0 when the button may be used. */
  remaining = (): number => this.left;

  /** Starts (or restarts) a countdown of `seconds`. */
  start(seconds: number): void {
    this.deadline = this.clock.now() + seconds * 1000;
    this.tick();
    if (this.timer === null && this.left > 0) {
      // Four checks a second: the number changes within 250 ms of the true second.
      this.timer = this.clock.setInterval(() => this.tick(), 250);
    }
  }

  /** Stops at once (e.g. the send failed and the trader may try again). */
  reset(): void {
    this.deadline = 0;
    this.tick();
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private tick(): void {
    const left = secondsLeft(this.deadline, this.clock.now());
    if (left === 0 && this.timer !== null) {
      this.clock.clearInterval(this.timer);
      this.timer = null;
    }
    if (left === this.left) return;
    this.left = left;
    for (const fn of this.listeners) fn();
  }
}

const countdowns = new Map<string, Countdown>();

/** The app's countdown for `scope`, made on first use. */
export function countdownFor(scope: string): Countdown {
  let countdown = countdowns.get(scope);
  if (!countdown) {
    countdown = new Countdown();
    countdowns.set(scope, countdown);
  }
  return countdown;
}
