import { describe, expect, it } from 'vitest';
import { formatTime } from '@/lib/format';
import { t } from '@/test/english';
import { reviewedText, reviewFacts } from './review-facts';

const row = {
  user_contact: '+44 7700 900123',
  uid: '1000042',
  created_at: 1_760_000_000_000,
  reviewed_at: null,
  reviewed_by: null,
};

describe('the facts every review shows', () => {
  it('starts with the status on a line of its own, then who sent it', () => {
    expect(reviewFacts.head(t, row, 'STATUS').map((f) => [f.key, f.label, f.value, f.span])).toEqual([
      ['status', 'Status', 'STATUS', 2],
      ['user', 'User', '+44 7700 900123', undefined],
      ['uid', 'UID', '1000042', undefined],
    ]);
  });

  it('ends with when it came in and who decided it', () => {
    expect(reviewFacts.tail(t, row).map((f) => [f.label, f.value])).toEqual([
      ['Created', formatTime(row.created_at)],
      ['Reviewed', '—'],
    ]);
    const decided = { reviewed_at: 1_760_000_360_000, reviewed_by: 3 };
    expect(reviewedText(decided)).toBe(`${formatTime(decided.reviewed_at)} · #3`);
  });

  it('a decision note shows only when there is one', () => {
    expect(reviewFacts.note('remark', 'Remark', '')).toMatchObject({ shown: false });
    expect(reviewFacts.note('remark', 'Remark', 'Blurred proof')).toEqual({
      key: 'remark',
      label: 'Remark',
      value: 'Blurred proof',
      span: 2,
      shown: true,
    });
  });
});
