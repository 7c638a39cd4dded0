import { EXECUTION_STATES } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { t } from '@/test/english';
import {
  executionRowClass,
  filtersOf,
  handledOptions,
  lotsText,
  purposeText,
  stateOptions,
  stateStyle,
  userIdOf,
} from './execution-labels';

describe('how an execution reads', () => {
  it('names every state, unbooked in red and highlighted', () => {
    expect(stateOptions(t)).toEqual([
      { value: 'queued', label: 'Queued' },
      { value: 'sent', label: 'Sent' },
      { value: 'booked', label: 'Booked' },
      { value: 'rejected', label: 'Rejected' },
      { value: 'timed_out', label: 'Timed out' },
      { value: 'unbooked', label: 'Unbooked' },
    ]);
    expect(stateStyle('unbooked').color).toBe('red');
    for (const state of EXECUTION_STATES)
      expect(executionRowClass({ state, handled_at: null })).toBe(
        state === 'unbooked' ? 'execution-unbooked' : '',
      );
    // Marked handled: nothing left for the desk, so no longer highlighted.
    expect(executionRowClass({ state: 'unbooked', handled_at: 1_760_000_000_000 })).toBe('');
  });

  it('filters on handled, and starts from the filter its address names', () => {
    expect(handledOptions(t)).toEqual([
      { value: 0, label: 'Not handled' },
      { value: 1, label: 'Handled' },
    ]);
    expect(filtersOf(new URLSearchParams('state=unbooked&handled=0'))).toEqual({
      state: 'unbooked',
      handled: 0,
    });
    expect(filtersOf(new URLSearchParams('handled=1'))).toEqual({ handled: 1 });
    for (const junk of ['', 'state=lost&handled=2', 'handled=true', 'state=&handled='])
      expect(filtersOf(new URLSearchParams(junk)), junk).toEqual({});
  });

  it('shows the purpose, what was filled of what was sent, and reads a typed user id', () => {
    expect(purposeText(t, 'open')).toBe('Open');
    expect(purposeText(t, 'close')).toBe('Close');
    expect(purposeText(t, 'cover')).toBe('Cover');
    expect(lotsText({ lots: '0.1', filled_lots: null })).toBe('— / 0.1');
    expect(lotsText({ lots: '0.1', filled_lots: '0.05' })).toBe('0.05 / 0.1');
    expect(userIdOf(' 42 ')).toBe(42);
    for (const bad of ['', '0', '-1', '1e3', '0x1', 'abc']) expect(userIdOf(bad), bad).toBeUndefined();
  });
});
