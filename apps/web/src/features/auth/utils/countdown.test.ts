import { CODE_RESEND_SECONDS } from '@pipwise/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown, countdownFor, secondsLeft } from './countdown';

describe('secondsLeft', () => {
  it('rounds up and never goes below zero', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 800)).toBe(60);
    expect(secondsLeft(60_000, 1_000)).toBe(59);
    expect(secondsLeft(60_000, 59_999)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
    expect(secondsLeft(60_000, 99_000)).toBe(0);
  });
});

describe('Countdown', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('counts the resend time down second by second, then stops its timer', () => {
    const c = new Countdown();
    const seen: number[] = [];
    c.subscribe(() => seen.push(c.remaining()));
    expect(c.remaining()).toBe(0);
    c.start(CODE_RESEND_SECONDS);
    expect(c.remaining()).toBe(60);
    vi.advanceTimersByTime(1_000);
    expect(c.remaining()).toBe(59);
    vi.advanceTimersByTime(58_000);
    expect(c.remaining()).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(c.remaining()).toBe(0);
    expect(seen).toEqual(Array.from({ length: 61 }, (_, i) => 60 - i));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('catches up after the phone slept (deadline, not a tick counter)', () => {
    const c = new Countdown();
    c.start(60);
    // Timers did not run for 45 s (tab in the background), then one tick comes.
    vi.setSystemTime(1_000_000 + 45_000);
    vi.advanceTimersByTime(250);
    expect(c.remaining()).toBe(15);
  });

  it('reset makes the button usable at once', () => {
    const c = new Countdown();
    c.start(60);
    vi.advanceTimersByTime(5_000);
    c.reset();
    expect(c.remaining()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a restart begins again from the full time with one timer', () => {
    const c = new Countdown();
    c.start(60);
    vi.advanceTimersByTime(30_000);
    c.start(60);
    expect(c.remaining()).toBe(60);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('unsubscribed listeners hear nothing more', () => {
    const c = new Countdown();
    const fn = vi.fn();
    const off = c.subscribe(fn);
    c.start(3);
    off();
    vi.advanceTimersByTime(3_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('countdownFor', () => {
  it('keeps one countdown per scope, surviving the page that started it', () => {
    expect(countdownFor('register:email')).toBe(countdownFor('register:email'));
    expect(countdownFor('register:email')).not.toBe(countdownFor('forgot:email'));
  });
});
