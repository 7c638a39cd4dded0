import {
  EXECUTION_STATES,
  type AdminExecution,
  type ExecutionOutcome,
  type ExecutionState,
} from '@pipwise/shared';
import type { ParseKeys, TFunction } from 'i18next';
import type { TagColor } from '@/lib/labels';

/**
 * What each state of an order sent to the provider reads as, and its colour. `unbooked` is
 * red: the provider filled it but the trader's books do not have it, so the desk must offset
 * it at the provider; `timed_out` and `sent` still wait for the provider's word.
 */
const STATE_STYLE: Record<ExecutionState, { label: ParseKeys; color: TagColor }> = {
  queued: { label: 'admin_execution.state_queued', color: 'gold' },
  sent: { label: 'admin_execution.state_sent', color: 'blue' },
  booked: { label: 'admin_execution.state_booked', color: 'green' },
  rejected: { label: 'admin_execution.state_rejected', color: 'default' },
  timed_out: { label: 'admin_execution.state_timed_out', color: 'orange' },
  unbooked: { label: 'admin_execution.state_unbooked', color: 'red' },
};

export const stateStyle = (state: ExecutionState) => STATE_STYLE[state];

/** Why it was not booked as sent, in the operator's language (the provider's own words stay beside it). */
const OUTCOME_LABEL: Record<ExecutionOutcome, ParseKeys> = {
  provider_rejected: 'admin_execution.outcome_provider_rejected',
  no_fill: 'admin_execution.outcome_no_fill',
  timed_out: 'admin_execution.outcome_timed_out',
  late_fill: 'admin_execution.outcome_late_fill',
  below_min_lots: 'admin_execution.outcome_below_min_lots',
  already_closed: 'admin_execution.outcome_already_closed',
};

export const outcomeLabel = (outcome: ExecutionOutcome): ParseKeys => OUTCOME_LABEL[outcome];

/** The state filter's options, in the order of the contract. */
export const stateOptions = (t: TFunction) =>
  EXECUTION_STATES.map((s) => ({ value: s, label: t(STATE_STYLE[s].label) }));

/**
 * An unbooked fill nobody has marked handled: the desk still has to offset it at the
 * provider. Once marked, it stays `unbooked` (what the provider did) but needs nothing more.
 */
export const isOpenUnbooked = (row: Pick<AdminExecution, 'state' | 'handled_at'>): boolean =>
  row.state === 'unbooked' && row.handled_at === null;

/** The row class that highlights what the desk must act on. */
export const executionRowClass = (row: Pick<AdminExecution, 'state' | 'handled_at'>): string =>
  isOpenUnbooked(row) ? 'execution-unbooked' : '';

/** The handled filter's options: not handled first, what the desk looks for. */
export const handledOptions = (t: TFunction) => [
  { value: 0 as const, label: t('admin_execution.not_handled') },
  { value: 1 as const, label: t('admin_execution.handled') },
];

/** What the list starts filtered on, from its address (the desk links to `?state=unbooked&handled=0`). */
export function filtersOf(params: URLSearchParams): { state?: ExecutionState; handled?: 0 | 1 } {
  const state = EXECUTION_STATES.find((s) => s === params.get('state'));
  const handled = params.get('handled');
  return {
    ...(state ? { state } : {}),
    ...(handled === '0' || handled === '1' ? { handled: handled === '1' ? 1 : 0 } : {}),
  };
}

/** "Open" / "Close" / "Cover" of the row's purpose; anything else as it is. */
export function purposeText(t: TFunction, purpose: string): string {
  if (purpose === 'open') return t('admin_execution.purpose_open');
  if (purpose === 'close') return t('admin_execution.purpose_close');
  if (purpose === 'cover') return t('admin_execution.purpose_cover');
  return purpose;
}

/** "0.1 / 0.1": what the provider filled of what was sent (— while nothing is known). */
export const lotsText = (row: Pick<AdminExecution, 'lots' | 'filled_lots'>): string =>
  `${row.filled_lots ?? '—'} / ${row.lots}`;

/** A trader user ID typed in the filter: plain digits, else no filter. */
export const userIdOf = (text: string): number | undefined => {
  const v = text.trim();
  return /^[1-9]\d{0,14}$/.test(v) ? Number(v) : undefined;
};
