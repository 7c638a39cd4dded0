import { describe, expect, it } from 'vitest';
import { orderProblem, type OrderFields } from './order-input';

const pair = {
  MarginMode: 0 as const,
  HasForexMultiple: [{ Value: 10 }, { Value: 20 }],
  Pip: 0.01,
  ForexMinCont: 0.01,
};
const fields = (over: Partial<OrderFields> = {}): OrderFields => ({
  mode: 'market',
  lots: '0.05',
  leverage: 10,
  targetPrice: '',
  takeProfit: '',
  stopLoss: '',
  ...over,
});

describe('order form checks (docs/product.md §5)', () => {
  it('lets a complete order through', () => {
    expect(orderProblem(pair, fields())).toBeNull();
    expect(
      orderProblem(pair, fields({ mode: 'pending', targetPrice: '1.2', takeProfit: '0', stopLoss: '1.1' })),
    ).toBeNull();
  });

  it('refuses a leveraged pair without leverage configured, and a missing choice', () => {
    expect(orderProblem({ ...pair, HasForexMultiple: [] }, fields())).toEqual({ key: 'errors.no_leverage' });
    expect(orderProblem(pair, fields({ leverage: null }))).toEqual({ key: 'errors.leverage_required' });
    expect(orderProblem(pair, fields({ leverage: 7 }))).toEqual({ key: 'errors.leverage_required' });
  });

  it('a fixed-margin pair needs no leverage', () => {
    expect(
      orderProblem({ ...pair, MarginMode: 1, HasForexMultiple: [] }, fields({ leverage: null })),
    ).toBeNull();
  });

  it('checks lots against the minimum and the step', () => {
    expect(orderProblem(pair, fields({ lots: '' }))).toEqual({ key: 'trading.lots_required' });
    expect(orderProblem({ ...pair, ForexMinCont: 0.1 }, fields({ lots: '0.05' }))).toEqual({
      key: 'errors.lots_below_min',
      min: 0.1,
    });
    expect(orderProblem(pair, fields({ lots: '0.015' }))).toEqual({ key: 'errors.lots_step', step: 0.01 });
  });

  it('a pending order needs a price, and stops must be numbers of 0 or more', () => {
    expect(orderProblem(pair, fields({ mode: 'pending' }))).toEqual({ key: 'trading.enter_price' });
    expect(orderProblem(pair, fields({ takeProfit: '1..2' }))).toEqual({ key: 'trading.stops_invalid' });
  });
});
