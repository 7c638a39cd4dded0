import { describe, expect, it } from 'vitest';
import { operatorMayCall } from '../../domain/operators.js';
import { adminExecutionsEndpoint, adminHandleExecutionEndpoint } from './executions.js';
import { adminSaveInstrumentEndpoint } from './instruments.js';
import { adminSetABookEndpoint, adminUsersEndpoint } from './users.js';

/** The execution settings, the A-book flag and the executions list, as the contract reads them. */

const instrument = {
  id: 1,
  category_id: 1,
  spread_points: 10,
  max_quote_age_ms: 15_000,
  leverages: '1,100',
  fee_rate: '0',
  min_lots: '0.01',
  lot_step: '0.01',
  enabled: 1,
  sort: 1,
  execution_mode: 'a_book',
  markup_points: 4,
  max_slippage_points: 50,
  provider_symbol: 'EUR/USD',
  swap_long: '-6.5',
  swap_short: '1.2',
  swap_unit: 'points',
  swap_triple_day: 'wednesday',
};
const save = (change: Record<string, unknown>) =>
  adminSaveInstrumentEndpoint.input.safeParse({ ...instrument, ...change });

describe('an instrument’s execution settings', () => {
  it('takes a mode, markup and slippage in range, and a symbol or null', () => {
    expect(save({}).success).toBe(true);
    expect(save({ markup_points: 100_000, max_slippage_points: 1_000_000 }).success).toBe(true);
    expect(save({ markup_points: '5', max_slippage_points: '0' }).data).toMatchObject({
      markup_points: 5,
      max_slippage_points: 0,
    });
    // Absent, null or blank (a form cannot send null): the default symbol.
    for (const none of [undefined, null, '', '  '])
      expect(save({ provider_symbol: none }).data?.provider_symbol, String(none)).toBeUndefined();
    expect(save({ provider_symbol: ' DJI.cash ' }).data?.provider_symbol).toBe('DJI.cash');
  });

  it('refuses what is out of range or of the wrong type', () => {
    for (const [field, value] of [
      ['execution_mode', 'c_book'],
      ['execution_mode', '5'],
      ['execution_mode', 1],
      ['execution_mode', ['a_book']],
      ['markup_points', 100_001],
      ['markup_points', -1],
      ['markup_points', true],
      ['markup_points', [1]],
      ['markup_points', '0x1'],
      ['markup_points', 1.5],
      ['max_slippage_points', 1_000_001],
      ['max_slippage_points', '1e3'],
      ['provider_symbol', 5],
      ['provider_symbol', true],
      ['provider_symbol', ['EUR/USD']],
      ['provider_symbol', 'X'.repeat(33)],
    ] as const) {
      expect(save({ [field]: value }).success, `${field}=${JSON.stringify(value)}`).toBe(false);
    }
  });
});

describe('the A-book flag of a trader', () => {
  it('is a 0/1 flag with an optional reason, for admins only', () => {
    const input = adminSetABookEndpoint.input;
    expect(input.parse({ id: '7', a_book: '1' })).toEqual({ id: 7, a_book: 1 });
    expect(input.parse({ id: 7, a_book: 0, reason: ' hedged ' })).toEqual({
      id: 7,
      a_book: 0,
      reason: 'hedged',
    });
    for (const bad of [true, '5', 2, [1], 'yes'])
      expect(input.safeParse({ id: 7, a_book: bad }).success, String(bad)).toBe(false);
    expect(operatorMayCall('support', adminSetABookEndpoint.operator!)).toBe(false);
    expect(adminUsersEndpoint.input.parse({ a_book: '1' }).a_book).toBe(1);
  });
});

describe('the executions list', () => {
  it('filters by state, instrument and user; empty is no filter', () => {
    const input = adminExecutionsEndpoint.input;
    expect(input.parse({ state: 'unbooked', instrument_id: '1', user_id: '9', page: '2' })).toEqual({
      state: 'unbooked',
      instrument_id: 1,
      user_id: 9,
      page: 2,
    });
    expect(input.parse({ state: '', instrument_id: '', user_id: '', handled: '' })).toEqual({ page: 1 });
    expect(input.parse({ state: 'unbooked', handled: '0' })).toEqual({
      state: 'unbooked',
      handled: 0,
      page: 1,
    });
    for (const bad of [
      { state: 'lost' },
      { state: 1 },
      { instrument_id: true },
      { user_id: '-1' },
      { handled: true },
      { handled: 2 },
      { handled: [0] },
    ])
      expect(input.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    // The dealing desk's roles: the desk links here.
    expect(adminExecutionsEndpoint.operator).toEqual(['finance']);
  });
});

describe('marking an unbooked fill handled', () => {
  const input = adminHandleExecutionEndpoint.input;

  it('takes an id and a trimmed note of 1 to 500 characters', () => {
    expect(input.parse({ id: '12', note: '  Offset at the LP, ticket 4411 ' })).toEqual({
      id: 12,
      note: 'Offset at the LP, ticket 4411',
    });
    expect(input.parse({ id: 12, note: ` ${'é'.repeat(500)} ` }).note).toHaveLength(500);
  });

  it('refuses a missing, blank, long or non-text note, and no coercion of the id', () => {
    for (const bad of [
      { id: 12 },
      { id: 12, note: '' },
      { id: 12, note: '   ' },
      { id: 12, note: 'x'.repeat(501) },
      { id: 12, note: 5 },
      { id: 12, note: true },
      { id: 12, note: ['done'] },
      { id: 12, note: null },
      { id: 12, note: 'a\u0000b' },
      { id: true, note: 'done' },
      { id: 0, note: 'done' },
      { id: '1e3', note: 'done' },
    ])
      expect(input.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('is for the dealing desk: admin and finance', () => {
    expect(operatorMayCall('finance', adminHandleExecutionEndpoint.operator!)).toBe(true);
    expect(operatorMayCall('support', adminHandleExecutionEndpoint.operator!)).toBe(false);
    expect(operatorMayCall('content', adminHandleExecutionEndpoint.operator!)).toBe(false);
  });
});
