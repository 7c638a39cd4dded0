import { adminSaveTraderEndpoint } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { crudPayload } from '@/components/crud/payload';
import { t } from '@/test/english';
import { isFigure, traderForm, type Trader } from './trader-form';

const trader: Trader = {
  id: 5,
  user: 'Lena Ortiz',
  avatar: '',
  code: 'XAUUSD',
  multiple: 3,
  three_week_rate: 38.5,
  three_week_win: 71,
  three_week_profit: -1250.4,
  total_rate: 120,
  total_trade_num: 420,
  sort: 1,
  enabled: true,
  is_sample: false,
  updated_at: 1_760_000_000_000,
};

describe('the follow trader form', () => {
  it('edits the figures as text and sends them with the id', () => {
    const form = traderForm(t, trader);
    expect(form.title).toBe('Edit Lena Ortiz');
    expect(form.initial).toMatchObject({ three_week_rate: '38.5', three_week_profit: '-1250.4' });
    const sent = crudPayload(
      form,
      { ...form.initial, user: ' Lena O. ', avatar: ' /static/a.png ' },
      trader.id,
    );
    expect(sent).toEqual({
      id: 5,
      user: 'Lena O.',
      avatar: '/static/a.png',
      code: 'XAUUSD',
      multiple: 3,
      three_week_rate: '38.5',
      three_week_win: '71',
      three_week_profit: '-1250.4',
      total_rate: '120',
      total_trade_num: 420,
      sort: 1,
      enabled: 1,
    });
    expect(adminSaveTraderEndpoint.input.safeParse(sent).success).toBe(true);
  });

  it('a new one has no avatar to send but an empty one', () => {
    const form = traderForm(t, null);
    expect(form.title).toBe('New follow trader');
    const sent = crudPayload(
      form,
      { ...form.initial, user: 'Kai', code: 'EURUSD', avatar: undefined },
      undefined,
    );
    expect(sent).toMatchObject({ user: 'Kai', avatar: '', enabled: 1 });
    expect(sent).not.toHaveProperty('id');
  });

  it('figures: 2 decimals within their bound; the win rate is never negative', () => {
    expect(isFigure('-12.5', 1_000_000)).toBe(true);
    expect(isFigure('12.345', 1_000_000)).toBe(false);
    expect(isFigure('1000001', 1_000_000)).toBe(false);
    expect(isFigure('-1', 100, true)).toBe(false);
    expect(isFigure('100', 100, true)).toBe(true);
    expect(isFigure('', 100)).toBe(true);
    const win = traderForm(t, null)
      .fields({})
      .find((f) => f.key === 'three_week_win')!;
    expect(win).toMatchObject({ label: '3-week win rate', input: { suffix: '%' } });
  });
});
