import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createSubmissionGate, type SubmissionGateOptions, type SubmissionOutcome } from './submission.js';

/**
 * The React face of the submission gate (submission.ts), shared by both apps: every money
 * action — a trader's order, close, cancel, TP/SL, withdrawal, deposit, bound account, demo
 * reset; an operator's review — goes through `useSubmission` (docs/money.md "One tap, one
 * action"): one action at a time whatever starts it (a double click, a double tap, Enter
 * twice), and one idempotency key per submission, kept for a retry of one that got no
 * answer. React is the apps' own (a peer dependency: one copy in each bundle).
 */

export interface SubmissionHandlers<I, T> {
  /** Asked once the gate is shut (a confirmation dialog): false sends nothing. */
  confirm?: (input: I) => boolean | Promise<boolean>;
  /** Awaited before `submit` resolves (e.g. lists refreshed). */
  onSuccess?: (value: T, input: I) => unknown;
  /** A failure the api client has not already shown, or something to undo. */
  onError?: (error: unknown, input: I) => void;
}

export interface Submission<I, T> {
  /** Sends `input` unless a submission is in flight or was just answered. Never rejects. */
  submit: (input: I) => Promise<SubmissionOutcome<T>>;
  /**
   * A submission is being confirmed, is in flight or was answered a moment ago: the button
   * shows it (disabled or loading) and takes no tap. Stable between renders otherwise.
   */
  locked: boolean;
}

export function useSubmission<I, T>(
  /** Sends one submission with its `Idempotency-Key` (servers that do not keep keys ignore it). */
  send: (input: I, key: string) => Promise<T>,
  handlers: SubmissionHandlers<I, T> = {},
  gateOptions?: SubmissionGateOptions<I>,
): Submission<I, T> {
  const [gate] = useState(() => createSubmissionGate<I>(gateOptions));
  useEffect(() => () => gate.dispose(), [gate]);
  const locked = useSyncExternalStore(gate.subscribe, gate.locked, gate.locked);

  // The newest render's send and handlers, behind a submit that never changes: memoised
  // buttons keep skipping renders (docs/benchmarks.md "Live rendering").
  const latest = useRef({ send, handlers });
  useLayoutEffect(() => {
    latest.current = { send, handlers };
  });
  const submit = useCallback(
    async (input: I): Promise<SubmissionOutcome<T>> => {
      const { confirm } = latest.current.handlers;
      const outcome = await gate.run(
        input,
        (key) => latest.current.send(input, key),
        confirm ? { confirm: () => confirm(input) } : {},
      );
      if (outcome.status === 'done') await latest.current.handlers.onSuccess?.(outcome.value, input);
      else if (outcome.status === 'failed') latest.current.handlers.onError?.(outcome.error, input);
      return outcome;
    },
    [gate],
  );
  return useMemo(() => ({ submit, locked }), [submit, locked]);
}
