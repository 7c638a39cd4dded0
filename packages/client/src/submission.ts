import { isApiError } from './api-error.js';
import { newIdempotencyKey } from './idempotency-key.js';

/**
 * One money action at a time (docs/money.md "Idempotency", "One tap, one action"): the
 * submit of an order, a close, a cancel, a TP/SL edit, a withdrawal, a deposit, a bound
 * account, a demo reset, an operator's review. Both apps put every such button behind a
 * gate of this kind (each app's `useSubmission`), so whatever starts it — a mouse's double
 * click, a double tap, Enter or Space held or pressed twice — it runs once:
 *
 * - **locked** from the first tap until the answer is in, and for `settleMs` after it: the
 *   second click of a double click may come after a fast server has already answered the
 *   first; it is dropped, not sent;
 * - **one idempotency key per submission**: made when a submission is sent, and kept for the
 *   next one when its outcome is unknown (no answer: the network failed, a gateway spoke) and
 *   the trader sends the same thing again — a retry of that submission, which the server
 *   answers with the first result if it did go through. Any answer from the server (success
 *   or refusal) ends the submission: the next tap is a new one, with a new key.
 *
 * Framework-free: the apps wrap it in a React hook and tests drive it with their own timers.
 */

/** Gateway answers without an envelope: a proxy spoke, the server may never have seen it. */
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * Whether a call failed without an answer from the server, so it may or may not have been
 * carried out: a network failure (a timed-out attempt is one) or a gateway status.
 */
export function isUnanswered(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network') return true;
  return error.kind === 'http' && error.status !== undefined && GATEWAY_STATUSES.has(error.status);
}

/**
 * How long after an answer a gate stays locked, ms: longer than the gap between the two
 * clicks of a double click or two quick taps (desktop systems default to 500 ms).
 */
export const SUBMISSION_SETTLE_MS = 500;

export type SubmissionOutcome<T> =
  /** Sent and answered with success. */
  | { status: 'done'; value: T }
  /** Sent and failed; `unanswered`: the outcome is unknown and the key is kept for a retry. */
  | { status: 'failed'; error: unknown; unanswered: boolean }
  /** Not sent: another submission was in flight, being confirmed, or had just been answered. */
  | { status: 'ignored' }
  /** Not sent: the confirmation said no. */
  | { status: 'declined' };

export interface SubmissionTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemTimers: SubmissionTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SubmissionGateOptions<I> {
  newKey?: () => string;
  settleMs?: number;
  timers?: SubmissionTimers;
  /** What makes two inputs the same submission; by default their JSON with sorted keys. */
  fingerprint?: (input: I) => string;
}

export interface SubmissionRunOptions {
  /** Asked first, while the gate is already locked (a confirmation dialog); false: nothing is sent. */
  confirm?: () => boolean | Promise<boolean>;
}

export interface SubmissionGate<I> {
  /**
   * Runs one submission of `input` unless the gate is locked: `send` gets the idempotency
   * key to send with it. Never rejects: the outcome says what happened.
   */
  run<T>(
    input: I,
    send: (key: string) => Promise<T>,
    options?: SubmissionRunOptions,
  ): Promise<SubmissionOutcome<T>>;
  /** Whether a tap now would be ignored (a function of its own: React's external store reads it). */
  locked: () => boolean;
  /** Calls `listener` whenever `locked()` flips. */
  subscribe: (listener: () => void) => () => void;
  /** Stops the settle timer (the screen went away). The gate stays usable. */
  dispose: () => void;
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are the same submission. */
export function stableFingerprint(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : v,
    ) ?? ''
  );
}

export function createSubmissionGate<I>(options: SubmissionGateOptions<I> = {}): SubmissionGate<I> {
  const newKey = options.newKey ?? newIdempotencyKey;
  const settleMs = options.settleMs ?? SUBMISSION_SETTLE_MS;
  const timers = options.timers ?? systemTimers;
  const fingerprint = options.fingerprint ?? stableFingerprint;
  const listeners = new Set<() => void>();

  let busy = false;
  let settleTimer: unknown = null;
  /** The last submission, when no answer came for it: a retry of the same input reuses its key. */
  let unanswered: { fingerprint: string; key: string } | null = null;

  const setBusy = (next: boolean) => {
    if (busy === next) return;
    busy = next;
    for (const listener of [...listeners]) listener();
  };
  const clearSettle = () => {
    if (settleTimer !== null) timers.clearTimeout(settleTimer);
    settleTimer = null;
  };
  /** The answer is in: taps stay ignored a moment longer, then the gate opens. */
  const settle = () => {
    clearSettle();
    if (settleMs <= 0) {
      setBusy(false);
      return;
    }
    settleTimer = timers.setTimeout(() => {
      settleTimer = null;
      setBusy(false);
    }, settleMs);
  };

  return {
    async run<T>(
      input: I,
      send: (key: string) => Promise<T>,
      runOptions: SubmissionRunOptions = {},
    ): Promise<SubmissionOutcome<T>> {
      // Synchronous: the second of two taps in the same task finds the gate shut.
      if (busy) return { status: 'ignored' };
      setBusy(true);
      const { confirm } = runOptions;
      if (confirm) {
        // Asked at once (the dialog opens in the tap's own task); one that fails is a no.
        let ok: boolean;
        try {
          ok = await confirm();
        } catch {
          ok = false;
        }
        if (!ok) {
          setBusy(false);
          return { status: 'declined' };
        }
      }
      const print = fingerprint(input);
      const key = unanswered && unanswered.fingerprint === print ? unanswered.key : newKey();
      unanswered = null;
      try {
        const value = await send(key);
        return { status: 'done', value };
      } catch (error) {
        const unknown = isUnanswered(error);
        if (unknown) unanswered = { fingerprint: print, key };
        return { status: 'failed', error, unanswered: unknown };
      } finally {
        settle();
      }
    },
    locked: () => busy,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: () => {
      if (settleTimer === null) return;
      clearSettle();
      setBusy(false);
    },
  };
}
