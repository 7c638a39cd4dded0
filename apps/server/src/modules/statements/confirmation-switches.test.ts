import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../core/db/database.js';
import { ConfirmationSwitches } from './confirmation-switches.js';

const db = {} as Db;

/** A switches memory over a fake database that counts its reads. */
function setUp(options: { demo?: number[]; on?: number[]; maxUsers?: number } = {}) {
  let clock = 1_000;
  const reads = { kind: 0, switch: 0 };
  const on = new Set(options.on ?? []);
  const switches = new ConfirmationSwitches({
    now: () => clock,
    ttlMs: 30_000,
    maxUsers: options.maxUsers,
    isDemo: (_db, userId) => {
      reads.kind += 1;
      return Promise.resolve((options.demo ?? []).includes(userId));
    },
    isOn: (_db, userId) => {
      reads.switch += 1;
      return Promise.resolve(on.has(userId));
    },
  });
  return { switches, reads, on, advance: (ms: number) => (clock += ms) };
}

describe('the trade-confirmation switches in memory', () => {
  it('reads a demo account’s kind once and never its preferences', async () => {
    const { switches, reads, advance } = setUp({ demo: [7], on: [7] });
    expect(await switches.wanted(db, 7)).toBe(false);
    advance(3_600_000);
    expect(await switches.wanted(db, 7)).toBe(false);
    expect(reads).toEqual({ kind: 1, switch: 0 });
  });

  it('reads a real trader’s switch at most once per TTL', async () => {
    const { switches, reads, on, advance } = setUp({ on: [3] });
    expect(await switches.wanted(db, 3)).toBe(true);
    on.delete(3); // another instance saved "off"
    advance(29_999);
    expect(await switches.wanted(db, 3)).toBe(true);
    expect(reads).toEqual({ kind: 1, switch: 1 });
    advance(1);
    expect(await switches.wanted(db, 3)).toBe(false);
    expect(reads).toEqual({ kind: 1, switch: 2 });
  });

  it('forgets a switch saved through this instance at once', async () => {
    const { switches, on } = setUp();
    expect(await switches.wanted(db, 3)).toBe(false);
    on.add(3);
    switches.forget(3);
    expect(await switches.wanted(db, 3)).toBe(true);
  });

  it('does not keep a read that began before a save', async () => {
    const answers: ((on: boolean) => void)[] = [];
    const switches = new ConfirmationSwitches({
      now: () => 0,
      isDemo: () => Promise.resolve(false),
      isOn: () => new Promise<boolean>((resolve) => answers.push(resolve)),
    });
    const reading = switches.wanted(db, 3);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    switches.forget(3); // the trader saves "on" while the fill reads the old "off"
    answers[0]!(false);
    expect(await reading).toBe(false);
    // The old "off" was not kept: the next fill reads again.
    const next = switches.wanted(db, 3);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!(true);
    expect(await next).toBe(true);
  });

  it('holds at most maxUsers, dropping the longest-known', async () => {
    const { switches, reads } = setUp({ maxUsers: 2 });
    for (const id of [1, 2, 3]) await switches.wanted(db, id);
    expect(reads.switch).toBe(3);
    await switches.wanted(db, 3);
    await switches.wanted(db, 2);
    expect(reads.switch).toBe(3);
    await switches.wanted(db, 1);
    expect(reads.switch).toBe(4);
  });
});
