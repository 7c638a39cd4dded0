import type { AdminGroup, AdminGroupCondition } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { t } from '@/test/english';
import {
  commissionText,
  conditionTarget,
  conditionTerms,
  deleteBlock,
  feeRuleText,
  groupCommissionText,
  groupTags,
  levelsText,
} from './group-terms';

const standard: AdminGroup = {
  id: 1,
  name: 'Standard',
  account_kind: 'real',
  is_default: 1,
  professional: 0,
  swap_free: 0,
  trade_fee_type: 0,
  margin_call_level: '',
  stop_out_level: '',
  commission_type: 'none',
  commission_rate: '0',
  commission_min: '0',
  accounts: 12,
  updated_at: 1_760_000_000_000,
};

const names = {
  lang: 'fr' as const,
  category: (id: number) => `Cat ${id}`,
  instrument: (id: number) => `Ins ${id}`,
};

const condition = (over: Partial<AdminGroupCondition>): AdminGroupCondition => ({
  id: 5,
  group_id: 1,
  category_id: 2,
  instrument_id: null,
  target_code: null,
  target_names: null,
  leverages: null,
  fee_rate: null,
  commission_type: null,
  commission_rate: null,
  commission_min: null,
  markup_points: null,
  ...over,
});

describe("a group's terms in words", () => {
  it('the commission: none, per lot or per million a side, with its minimum when there is one', () => {
    expect(commissionText(t, { type: 'none', rate: '0', min: '0' })).toBe('No commission');
    expect(commissionText(t, { type: 'per_lot', rate: '3.5', min: '0' })).toBe('$3.5 per lot per side');
    expect(commissionText(t, { type: 'per_million', rate: '25', min: '2.5' })).toBe(
      '$25 per million per side, min. $2.5',
    );
    // A minimum of nothing is not worth saying, however it is written.
    expect(commissionText(t, { type: 'per_lot', rate: '7', min: '0.0000' })).toBe('$7 per lot per side');
    expect(groupCommissionText(t, { ...standard, commission_type: 'per_lot', commission_rate: '6' })).toBe(
      '$6 per lot per side',
    );
  });

  it('the fee rule: the broker’s setting, per lot or of the margin', () => {
    expect(feeRuleText(t, 0)).toBe("Broker's setting");
    expect(feeRuleText(t, 1)).toBe('Lots × fee rate');
    expect(feeRuleText(t, 2)).toBe('Margin × fee rate');
  });

  it('the levels, or the broker’s settings when the group sets none', () => {
    expect(levelsText(t, standard)).toBe("Broker's settings");
    expect(levelsText(t, { margin_call_level: '120', stop_out_level: '60.5' })).toBe('120% / 60.5%');
  });

  it('its tags: kind, default, professional or retail, swap-free', () => {
    expect(groupTags(t, standard).map((g) => g.text)).toEqual(['Real', 'Default', 'Retail']);
    const pro = groupTags(t, { account_kind: 'demo', is_default: 0, professional: 1, swap_free: 1 });
    expect(pro.map((g) => [g.key, g.text, g.color])).toEqual([
      ['kind', 'Demo', 'default'],
      ['professional', 'Professional', 'purple'],
      ['swap_free', 'Swap-free', 'cyan'],
    ]);
  });

  it('a default group, or one holding accounts, is not offered for deletion, and says why', () => {
    expect(deleteBlock(t, standard)).toBe('The default group of a kind cannot be deleted');
    expect(deleteBlock(t, { is_default: 0, accounts: 3 })).toBe(
      'A group that holds accounts cannot be deleted; move them first',
    );
    expect(deleteBlock(t, { is_default: 0, accounts: 0 })).toBeNull();
  });
});

describe('a condition in words', () => {
  it('names its category or instrument by the label it came with, in the operator’s language', () => {
    const crypto = condition({ category_id: 6, target_names: { en: 'Crypto', fr: 'Cryptomonnaies' } });
    expect(conditionTarget(t, crypto, names)).toEqual({
      kind: 'category',
      kindText: 'Category',
      name: 'Cryptomonnaies',
    });
    // A language without its own name reads the English one.
    expect(conditionTarget(t, { ...crypto, target_names: { en: 'Crypto' } }, names).name).toBe('Crypto');
    const btc = condition({ category_id: null, instrument_id: 26, target_code: 'BTC/USD' });
    expect(conditionTarget(t, btc, names)).toEqual({
      kind: 'instrument',
      kindText: 'Instrument',
      name: 'BTC/USD',
    });
  });

  it('names a target without a label (one gone) as the catalogue does (its id when unknown)', () => {
    expect(conditionTarget(t, condition({}), names)).toEqual({
      kind: 'category',
      kindText: 'Category',
      name: 'Cat 2',
    });
    expect(conditionTarget(t, condition({ category_id: null, instrument_id: 9 }), names)).toMatchObject({
      kind: 'instrument',
      kindText: 'Instrument',
      name: 'Ins 9',
    });
  });

  it('says null where it keeps what is above, its terms otherwise', () => {
    expect(conditionTerms(t, condition({ fee_rate: '0' }))).toEqual({
      leverages: null,
      fee_rate: '0',
      markup: null,
      commission: null,
    });
    // A markup of 0 is one (none here, whatever the category sets), not "as above".
    expect(conditionTerms(t, condition({ markup_points: 0 })).markup).toBe('0');
    expect(conditionTerms(t, condition({ markup_points: 6 })).markup).toBe('6');
    expect(
      conditionTerms(
        t,
        condition({
          leverages: [1, 10, 30],
          commission_type: 'per_lot',
          commission_rate: '2',
          commission_min: '1',
        }),
      ),
    ).toEqual({
      leverages: '1, 10, 30',
      fee_rate: null,
      markup: null,
      commission: '$2 per lot per side, min. $1',
    });
    expect(conditionTerms(t, condition({ commission_type: 'none', commission_rate: '0' })).commission).toBe(
      'No commission',
    );
  });
});
