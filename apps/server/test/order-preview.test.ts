import {
  lots as asLots,
  price as asPrice,
  ticketFigures,
  type QuoteLookup,
  type TicketAccount,
  type TicketInstrument,
} from '@pipwise/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DIALECTS, envelope, fundedUser, setQuote, type TestApp } from './helper.js';

/** Instruments of every kind: XXX/USD, USD/XXX, a cross, a metal, an index, crypto. */
const CODES = ['EURUSD', 'USDJPY', 'EURJPY', 'XAUUSD', 'US30', 'BTCUSD'] as const;
/** Quotes in points (bid, ask) at a Wednesday afternoon, when every market is open. */
const QUOTES: Record<string, [number, number]> = {
  EURUSD: [115_800, 115_810],
  USDJPY: [150_000, 150_020],
  EURJPY: [172_000, 172_020],
  XAUUSD: [240_000, 240_030],
  US30: [4_725_000, 4_725_200],
  BTCUSD: [8_750_000, 8_753_000],
};

describe.each(DIALECTS)('order preview: estimate = preview = booked (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
  });
  /**
   * The same quotes, stamped now: the test clock runs, and a crypto price goes stale after 5 s,
   * which a loaded machine can spend on a few dozen property runs.
   */
  const freshQuotes = () => {
    for (const [code, [bid, ask]] of Object.entries(QUOTES)) setQuote(t.services, code, bid, ask);
  };
  afterAll(async () => t.close());

  /** What the app has: the board, the account figures and the open positions, from the API. */
  async function appView(token: string) {
    const board = (await api.get('/v1/api/forex/trade_list')).data as any[];
    const pairs = new Map(board.map((p) => [p.Code as string, p]));
    const instrument = (code: string): TicketInstrument => {
      const p = pairs.get(code)!;
      return {
        code,
        base: p.BaseCurrency,
        quote: p.QuoteCurrency,
        precision: p.PricePrecision,
        contractSize: String(p.ForexContNum),
        marginMode: p.MarginMode,
        feeRate: String(p.ForexFeeRate),
        lotStep: asLots(String(p.Pip)),
        minLots: asLots(String(p.ForexMinCont)),
      };
    };
    const quotes: QuoteLookup = (code) => {
      const q = pairs.get(code)?.ForexQuotations;
      return q && { bid: asPrice(String(q.Bid)), ask: asPrice(String(q.Ask)) };
    };
    const figures = (await api.get('/v1/api/main/account/forexDetail', { token })).data;
    // Every open position, page by page (20 a page).
    const holding: any[] = [];
    for (let page = 1; ; page++) {
      const list = (await api.get(`/v1/api/forex/my_deal?status=1&page=${page}`, { token })).data;
      holding.push(...list.data);
      if (holding.length >= list.total || list.data.length === 0) break;
    }
    const balances = (await api.get('/v1/api/main/wallet/getBalance', { token })).data;
    const account: TicketAccount = {
      balance: String(figures.balance),
      held: String(balances.lock_balance),
      positions: holding.map((o) => ({
        instrument: instrument(o.ForexTradeLists.Code),
        side: o.OrderType,
        lots: asLots(String(o.Quantity)),
        openPrice: asPrice(String(o.OriginPrice)),
        margin: String(o.CautionMoney),
      })),
    };
    const basic = (await api.get('/api/basicSet/getBasicInfo')).data;
    return { pairs, instrument, quotes, account, tradeFeeType: basic.trade_fee_type as number };
  }

  it('the app’s estimate, the preview and what the submit books agree to the micro-dollar', async () => {
    const { token } = await fundedUser(t.services, 200_000);
    let booked = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CODES),
        fc.constantFrom(1 as const, 2 as const),
        fc.integer({ min: 1, max: 50 }),
        fc.nat(3),
        fc.boolean(),
        fc.integer({ min: 5, max: 300 }),
        async (code, side, steps, leverageIndex, withStops, offsetSteps) => {
          freshQuotes();
          const view = await appView(token);
          const pair = view.pairs.get(code)!;
          const inst = view.instrument(code);
          const lots = asLots((Number(inst.lotStep) * steps).toFixed(4).replace(/\.?0+$/, ''));
          const leverages = (pair.HasForexMultiple as { Value: number }[]).map((m) => m.Value);
          const leverage = leverages[leverageIndex % leverages.length]!;
          const step = 10 ** -inst.precision;
          const entry = side === 1 ? pair.ForexQuotations.Ask : pair.ForexQuotations.Bid;
          const dir = side === 1 ? 1 : -1;
          const at = (n: number) => asPrice((entry + n * step * dir).toFixed(inst.precision));
          const tp = withStops ? at(offsetSteps * 10) : undefined;
          // Beyond the spread: a stop-loss inside it is hit by the next tick (the app warns of
          // it), and the quotes are ticked again before every run.
          const spreadSteps = Math.round((pair.ForexQuotations.Ask - pair.ForexQuotations.Bid) / step);
          const sl = withStops ? at(-(spreadSteps + offsetSteps * 5)) : undefined;
          const body = {
            type: side,
            cont: lots,
            forex_id: pair.Id,
            status: 1,
            multiple: leverage,
            target_profit_price: tp,
            stop_loss_price: sl,
          };

          const estimate = ticketFigures({
            order: { instrument: inst, side, lots, leverage, entry: asPrice(String(entry)), tp, sl },
            account: view.account,
            market: {
              quotes: view.quotes,
              tradeFeeType: view.tradeFeeType,
              stopOutLevel: 50,
              marginCallLevel: 100,
            },
          });
          const preview = envelope(
            await t.app.inject({
              method: 'POST',
              url: '/v1/api/forex/preview',
              headers: { authorization: token, lang: 'en' },
              payload: body,
            }),
          );
          expect(preview.code, preview.msg).toBe(1);
          expect(preview.data).toMatchObject({
            entry,
            margin: estimate.margin.toNumber(),
            fee: estimate.fee.toNumber(),
            spread_cost: estimate.spreadCost.toNumber(),
            free_margin_after: estimate.freeMarginAfter.toNumber(),
            margin_level_after: estimate.marginLevelAfter?.toNumber() ?? null,
            stop_out_price: estimate.stopOutPrice?.toNumber() ?? null,
            reward_to_risk: estimate.rewardToRisk?.toNumber() ?? null,
          });
          if (withStops) {
            expect(preview.data.at_stop.money).toBe(estimate.atStop!.money.toNumber());
            expect(preview.data.at_target.money).toBe(estimate.atTarget!.money.toNumber());
          }
          if (!preview.data.affordable) return;
          const placed = await api.post('/v1/api/forex/submit', body, { token });
          expect(placed.code, placed.msg).toBe(1);
          expect([placed.data.CautionMoney, placed.data.TradeFee, placed.data.SpreadOpen]).toEqual([
            preview.data.margin,
            preview.data.fee,
            preview.data.spread_cost,
          ]);
          booked += 1;
        },
      ),
      { numRuns: dialect === 'sqlite' ? 60 : 20, seed: 21 },
    );
    expect(booked).toBeGreaterThan(5);
  });

  it('previews a pending order at its target and refuses what the submit refuses, with the same message', async () => {
    const { token } = await fundedUser(t.services, 10_000);
    freshQuotes();
    const base = { type: 1, cont: '0.1', forex_id: 26, status: 0, multiple: 10, target_price: '86000' };
    const pending = await api.post('/v1/api/forex/preview', base, { token });
    expect(pending.data).toMatchObject({ entry: 86000, margin: 860, fee: 2 });
    for (const bad of [
      { ...base, cont: '0.001' },
      { ...base, stop_loss_price: '90000' },
      { ...base, multiple: 7 },
    ]) {
      const [p, s] = [
        await api.post('/v1/api/forex/preview', bad, { token }),
        await api.post('/v1/api/forex/submit', bad, { token }),
      ];
      expect([p.code, p.msg]).toEqual([s.code, s.msg]);
      expect(p.code).not.toBe(1);
    }
    expect((await api.get('/v1/api/forex/my_deal?status=0', { token })).data.total).toBe(0);
  });
});
