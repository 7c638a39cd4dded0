import type { TFunction } from 'i18next';
import type { ApiCall } from '@/lib/api-call';
import type { CodeStyles } from '@/lib/labels';

/**
 * A decision a review drawer offers (approve, reject, mark invalid, mark paid): what its
 * button says, what is asked before, and the call it makes. Each queue declares its own
 * (features/<queue>/*-actions.ts) as plain data, so its texts and calls are unit-tested
 * without rendering; the drawer (review-drawer.tsx) renders any list of them.
 */
interface ActionBase {
  /** Unique within the drawer. */
  key: string;
  /** The button's `data-testid`; a confirmation's OK button gets `<testId>-confirm`. */
  testId: string;
  /** The button's text, which the OK button of its confirmation repeats. */
  label: string;
  look: 'primary' | 'danger' | 'default';
}

/** A decision confirmed with a question (approving credits or pays money). */
export interface ConfirmAction extends ActionBase {
  kind: 'confirm';
  /** The question, with what the decision moves (the amount, the name). */
  question: string;
  call: () => ApiCall;
}

/** A refusal: the operator writes the reason the trader will read, then it is sent. */
export interface ReasonAction extends ActionBase {
  kind: 'reason';
  /** The reason field's label and the help under it. */
  reason: { label: string; help: string };
  call: (reason: string) => ApiCall;
}

/**
 * A decision that records a value the operator types first, under its question — a paid
 * withdrawal's payout reference: the value is checked as typed, then sent with the call.
 */
export interface EntryAction extends ActionBase {
  kind: 'entry';
  /** The question, with what the decision moves (the amount). */
  question: string;
  field: {
    label: string;
    help: string;
    maxLength: number;
    /** Why the value as typed cannot be sent (the message to show), or null. */
    problem: (value: string) => string | null;
  };
  /** Called with the value trimmed. */
  call: (value: string) => ApiCall;
}

export type ReviewAction = ConfirmAction | ReasonAction | EntryAction;

/**
 * A review queue (deposits, withdrawals, identities) as its page and its drawer both read
 * it, declared once in features/<queue>/*-actions.ts: the two then never disagree on the
 * status that awaits a decision, the lists a decision makes stale, or the test ids.
 */
export interface ReviewQueue<Row> {
  /** The prefix of its test ids: `<name>-open-<id>` (a row's button), `<name>-review` (the drawer). */
  name: string;
  /** Its status codes, as tags and filter options (lib/labels.ts). */
  statuses: CodeStyles<number>;
  /** The status a row awaits a decision in: the queue opens filtered on it. */
  awaiting: number;
  /** The path prefix of the queue's own lists ('/api/admin/deposits/'): stale after a decision. */
  lists: string;
  /** The decisions the drawer offers while the row awaits one. */
  actions: (t: TFunction, row: Row) => ReviewAction[];
}
