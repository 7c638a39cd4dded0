import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import {
  createSubmissionGate,
  isUnanswered,
  stableFingerprint,
  type SubmissionTimers,
} from './submission.js';

/** Timers the test fires by hand. */
function manualTimers() {
  const due = new Map<number, () => void>();
  let next = 0;
  const timers: SubmissionTimers = {
    setTimeout: (fn) => {
      next += 1;
      due.set(next, fn);
      return next;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
  };
  const fire = () => {
    const fns = [...due.values()];
    due.clear();
    for (const fn of fns) fn();
  };
  return { timers, fire, pending: () => due.size };
}

/** A send whose answer the test gives when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const keys = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('createSubmissionGate', () => {
  it('sends the first of two taps in the same task and ignores the second', async () => {
    const { timers } = manualTimers();
    const gate = createSubmissionGate<{ lots: string }>({ newKey: keys(), timers });
    const answer = deferred<string>();
    const sent: string[] = [];
    const send = (key: string) => {
      sent.push(key);
      return answer.promise;
    };
    const first = gate.run({ lots: '0.01' }, send);
    const second = gate.run({ lots: '0.01' }, send);
    expect(gate.locked()).toBe(true);
    await expect(second).resolves.toEqual({ status: 'ignored' });
    answer.resolve('order 1');
    await expect(first).resolves.toEqual({ status: 'done', value: 'order 1' });
    expect(sent).toEqual(['key-1']);
  });

  it('stays locked a moment after the answer (the second click of a double click), then opens', async () => {
    const { timers, fire, pending } = manualTimers();
    const gate = createSubmissionGate<number>({ newKey: keys(), timers });
    const seen: boolean[] = [];
    gate.subscribe(() => seen.push(gate.locked()));
    let sends = 0;
    const send = () => Promise.resolve(++sends);
    await gate.run(1, send);
    // Answered already, but a click arriving now is still the same gesture.
    expect(gate.locked()).toBe(true);
    await expect(gate.run(1, send)).resolves.toEqual({ status: 'ignored' });
    expect(pending()).toBe(1);
    fire();
    expect(gate.locked()).toBe(false);
    await expect(gate.run(1, send)).resolves.toEqual({ status: 'done', value: 2 });
    expect(seen).toEqual([true, false, true]);
  });

  it('keeps the key for a retry of a submission that got no answer, and only for the same input', async () => {
    const { timers, fire } = manualTimers();
    const gate = createSubmissionGate<{ id: number; lots: string }>({ newKey: keys(), timers });
    const sent: string[] = [];
    const lost = (key: string) => {
      sent.push(key);
      return Promise.reject(new ApiError('network', 'Failed to fetch'));
    };
    const ok = (key: string) => {
      sent.push(key);
      return Promise.resolve(key);
    };
    const outcome = await gate.run({ id: 1, lots: '0.01' }, lost);
    expect(outcome).toMatchObject({ status: 'failed', unanswered: true });
    fire();
    // The same order again (fields in another order): a retry of that submission.
    await gate.run({ lots: '0.01', id: 1 }, ok);
    fire();
    // Answered: the next tap is a new submission.
    await gate.run({ id: 1, lots: '0.01' }, ok);
    fire();
    expect(sent).toEqual(['key-1', 'key-1', 'key-2']);

    // Lost again, then something else is sent: a new key, and the lost one is forgotten.
    await gate.run({ id: 1, lots: '0.01' }, lost);
    fire();
    await gate.run({ id: 1, lots: '0.02' }, ok);
    fire();
    await gate.run({ id: 1, lots: '0.01' }, ok);
    expect(sent.slice(3)).toEqual(['key-3', 'key-4', 'key-5']);
  });

  it('makes a new key after a refusal: the server answered, nothing is pending', async () => {
    const { timers, fire } = manualTimers();
    const gate = createSubmissionGate<number>({ newKey: keys(), timers });
    const sent: string[] = [];
    const refused = await gate.run(7, (key) => {
      sent.push(key);
      return Promise.reject(new ApiError('business', 'Insufficient margin', 2000, 200));
    });
    expect(refused).toMatchObject({ status: 'failed', unanswered: false });
    fire();
    await gate.run(7, (key) => Promise.resolve(sent.push(key)));
    expect(sent).toEqual(['key-1', 'key-2']);
  });

  it('holds the lock while a confirmation is open, and sends nothing when it says no', async () => {
    const { timers } = manualTimers();
    const gate = createSubmissionGate<number>({ newKey: keys(), timers });
    const dialog = deferred<boolean>();
    let sends = 0;
    const send = () => Promise.resolve(++sends);
    const first = gate.run(3, send, { confirm: () => dialog.promise });
    // The second tap lands while the dialog is open: no second dialog, no second close.
    await expect(gate.run(3, send, { confirm: () => true })).resolves.toEqual({ status: 'ignored' });
    dialog.resolve(false);
    await expect(first).resolves.toEqual({ status: 'declined' });
    expect(gate.locked()).toBe(false);
    expect(sends).toBe(0);
    await expect(gate.run(3, send, { confirm: () => true })).resolves.toEqual({ status: 'done', value: 1 });
  });

  it('opens at once when the screen goes away', async () => {
    const { timers, pending } = manualTimers();
    const gate = createSubmissionGate<number>({ timers });
    await gate.run(1, () => Promise.resolve(1));
    expect(gate.locked()).toBe(true);
    gate.dispose();
    expect(gate.locked()).toBe(false);
    expect(pending()).toBe(0);
  });
});

describe('isUnanswered', () => {
  it('is a network failure or a gateway status, never an answer of the server', () => {
    expect(isUnanswered(new ApiError('network', 'x'))).toBe(true);
    expect(isUnanswered(new ApiError('http', 'x', undefined, 502))).toBe(true);
    expect(isUnanswered(new ApiError('http', 'x', undefined, 504))).toBe(true);
    expect(isUnanswered(new ApiError('http', 'x', undefined, 404))).toBe(false);
    expect(isUnanswered(new ApiError('business', 'x', 2000, 200))).toBe(false);
    expect(isUnanswered(new ApiError('session', 'x', 999, 200))).toBe(false);
    expect(isUnanswered(new Error('x'))).toBe(false);
  });
});

describe('stableFingerprint', () => {
  it('ignores the order of fields, not their values', () => {
    expect(stableFingerprint({ a: 1, b: { c: 2, d: [1, 2] } })).toBe(
      stableFingerprint({ b: { d: [1, 2], c: 2 }, a: 1 }),
    );
    expect(stableFingerprint({ a: 1 })).not.toBe(stableFingerprint({ a: 2 }));
    expect(stableFingerprint(undefined)).toBe('');
  });
});
