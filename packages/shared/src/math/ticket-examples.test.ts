import { describe, expect, it } from 'vitest';
import { lotsFromRisk } from './lots-from-risk.js';
import type { QuoteLookup } from './rates.js';
import { stopOutPrice } from './stop-out-price.js';
import { type TicketAccount, type TicketInstrument, type TicketMarket } from './ticket-inputs.js';
import { ticketFigures } from './ticket.js';
import { type BidAsk } from './side.js';
import { lots, price } from './units.js';

/** Worked examples of the order ticket, one per kind of instrument, with exact figures. */

const fx = (code: string, base: string, quote: string, precision: number): TicketInstrument => ({
  code,
  base,
  quote,
  precision,
  contractSize: 100_000,
  marginMode: 0,
  feeRate: 7,
  lotStep: lots('0.01'),
  minLots: lots('0.01'),
});
const EURUSD = fx('EURUSD', 'EUR', 'USD', 5);
const USDJPY = fx('USDJPY', 'USD', 'JPY', 3);
const EURJPY = fx('EURJPY', 'EUR', 'JPY', 3);
const XAUUSD: TicketInstrument = { ...fx('XAUUSD', 'XAU', 'USD', 2), contractSize: 100, feeRate: 10 };
const US30: TicketInstrument = {
  ...fx('US30', 'US30', 'USD', 2),
  contractSize: 1,
  feeRate: 2,
  lotStep: lots('0.1'),
  minLots: lots('0.1'),
};
const BTCUSD: TicketInstrument = { ...fx('BTCUSD', 'BTC', 'USD', 2), contractSize: 1, feeRate: 20 };

const QUOTES: Record<string, BidAsk> = {
  EURUSD: { bid: price('1.15800'), ask: price('1.15810') },
  USDJPY: { bid: price('150.000'), ask: price('150.020') },
  EURJPY: { bid: price('172.000'), ask: price('172.020') },
  XAUUSD: { bid: price('2400.00'), ask: price('2400.30') },
  US30: { bid: price('47250.00'), ask: price('47252.00') },
  BTCUSD: { bid: price('87500.00'), ask: price('87530.00') },
};
const quotes: QuoteLookup = (code) => QUOTES[code];
const market: TicketMarket = { quotes, tradeFeeType: 1, stopOutLevel: 50, marginCallLevel: 100 };
const flat = (balance: number): TicketAccount => ({ balance, held: 0, positions: [] });

describe('EURUSD (quoted in USD): a 1-lot buy with a 50-pip stop and a 100-pip target', () => {
  const f = ticketFigures({
    order: {
      instrument: EURUSD,
      side: 1,
      lots: lots(1),
      leverage: 100,
      entry: price('1.15810'),
      sl: price('1.15310'),
      tp: price('1.16810'),
    },
    account: flat(10_000),
    market,
  });

  it('costs margin 1 × 100,000 × 1.15810 / 100, fee 7 and a 1-pip spread of 10', () => {
    expect([f.margin.toString(), f.fee.toString(), f.spreadCost.toString()]).toEqual(['1158.1', '7', '10']);
  });

  it('leaves 10,000 − 7 − 10 = 9,983 equity: free margin 8,824.90, level 9,983 / 1,158.10 = 862.02 %', () => {
    expect(f.freeMarginAfter.toString()).toBe('8824.9');
    expect(f.marginLevelAfter?.toString()).toBe('862.02');
    expect(f.marginCallAfter).toBe(false);
  });

  it('risks −500 (50 pips, 5.00 % of equity) for +1,000 (100 pips): reward to risk 2', () => {
    expect([
      f.atStop!.money.toString(),
      f.atStop!.points.toString(),
      f.atStop!.pips!.toString(),
      f.atStop!.percentOfEquity.toString(),
    ]).toEqual(['-500', '500', '50', '-5']);
    expect([f.atTarget!.money.toString(), f.atTarget!.pips!.toString()]).toEqual(['1000', '100']);
    expect(f.rewardToRisk?.toString()).toBe('2');
  });

  it('is stopped out at a bid of 1.06396: equity 579 over 1,158.10 margin is 49.9957 % (shown 50.00 %)', () => {
    // 9,993 + (1.06396 − 1.15810) × 100,000 = 579 → 50.00 % (due); one step up: 580 → 50.08 %.
    expect(f.stopOutPrice?.toString()).toBe('1.06396');
  });
});

describe('USDJPY (USD base, yen quote): money converts at the exit price', () => {
  const order = {
    instrument: USDJPY,
    side: 1 as const,
    lots: lots(1),
    leverage: 100,
    entry: price('150.020'),
    sl: price('149.520'),
    tp: price('151.020'),
  };
  const f = ticketFigures({ order, account: flat(10_000), market });

  it('needs 100,000 / 100 = 1,000 margin whatever the price', () => {
    expect(f.margin.toString()).toBe('1000');
  });

  it('loses −50,000 ¥ = −50,000 / 149.530 USD at the stop, gains 100,000 / 151.030 at the target', () => {
    expect(f.atStop!.money.toString()).toBe('-334.381061');
    expect(f.atTarget!.money.toString()).toBe('662.120109');
  });

  it('is stopped out at a bid of 137.012 (level 49.96 %; at 137.013 it is 50.04 %)', () => {
    expect(f.stopOutPrice?.toString()).toBe('137.012');
  });
});

describe('EURJPY (a cross): margin and spread convert through USDJPY', () => {
  it('margin 100,000 × 172.020 / 150.010 / 100 = 1,146.723552; spread 0.020 × 100,000 / 150.010', () => {
    const f = ticketFigures({
      order: { instrument: EURJPY, side: 1, lots: lots(1), leverage: 100, entry: price('172.020') },
      account: flat(10_000),
      market,
    });
    expect([f.margin.toString(), f.spreadCost.toString()]).toEqual(['1146.723552', '13.332445']);
  });
});

describe('lots from risk', () => {
  it('XAUUSD: 1 % of 10,000 with a 10-dollar stop is not 0.10 lots (100 + a 1.00 fee) but 0.09', () => {
    const r = lotsFromRisk({
      order: { instrument: XAUUSD, side: 1, leverage: 100, entry: price('2400.30'), sl: price('2390.30') },
      account: flat(10_000),
      market,
      risk: 100,
    });
    // 0.09 × 100 oz × 10 = 90 at the stop + 0.09 × 10 = 0.90 of fee = 90.90 ≤ 100;
    // 0.10 would be 100 + 1.00 = 101.00.
    expect([
      r.lots.toString(),
      r.lossAtStop.toString(),
      r.fee.toString(),
      r.costAtStop.toString(),
      r.minLotTooRisky,
      r.cappedByMargin,
    ]).toEqual(['0.09', '90', '0.9', '90.9', false, false]);
  });

  it('EURUSD, the ticket of issue 16: 2 % of 10,000 is 0.38 lots, not 0.39 (198.51 + a 2.73 fee = 201.24)', () => {
    const order = {
      instrument: EURUSD,
      side: 1 as const,
      leverage: 100,
      entry: price('1.15810'),
      sl: price('1.15301'),
    };
    const r = lotsFromRisk({ order, account: flat(10_000), market, risk: 200 });
    // 50.9 pips: 509 USD a lot at the stop, 7 USD a lot of fee. 0.38: 193.42 + 2.66 = 196.08.
    expect([r.lots.toString(), r.lossAtStop.toString(), r.fee.toString(), r.costAtStop.toString()]).toEqual([
      '0.38',
      '193.42',
      '2.66',
      '196.08',
    ]);
    // What the old rule chose: the loss alone within 200, the fee on top of it.
    const old = ticketFigures({ order: { ...order, lots: lots('0.39') }, account: flat(10_000), market });
    expect([old.atStop?.money.toString(), old.fee.toString()]).toEqual(['-198.51', '2.73']);
  });

  it('BTCUSD with a fee of 1 % of the margin: 0.09 lots (90 + 7.8777), where the loss alone allowed 0.10', () => {
    const r = lotsFromRisk({
      order: {
        instrument: { ...BTCUSD, feeRate: '0.01' },
        side: 1,
        leverage: 10,
        entry: price('87530.00'),
        sl: price('86530.00'),
      },
      account: flat(10_000),
      market: { ...market, tradeFeeType: 2 },
      risk: 100,
    });
    // Margin 0.09 × 87,530 / 10 = 787.77, fee 7.8777; 0.10 would cost 100 + 8.753.
    expect([r.lots.toString(), r.lossAtStop.toString(), r.fee.toString(), r.costAtStop.toString()]).toEqual([
      '0.09',
      '90',
      '7.8777',
      '97.8777',
    ]);
  });

  it('a sell: the fee counts the same way (EURUSD short, 25 pips, 100 USD: 0.38 lots, not 0.40)', () => {
    const r = lotsFromRisk({
      order: { instrument: EURUSD, side: 2, leverage: 100, entry: price('1.15800'), sl: price('1.16050') },
      account: flat(10_000),
      market,
      risk: 100,
    });
    // 250 USD a lot at the stop + 7 of fee = 257: 0.38 costs 95 + 2.66 = 97.66; 0.39 costs 100.23.
    expect([r.lots.toString(), r.costAtStop.toString()]).toEqual(['0.38', '97.66']);
  });

  it('US30: rounds down to the 0.1 step — 50 USD at a 120-point stop is 0.4 lots (48 USD), not 0.41', () => {
    const r = lotsFromRisk({
      order: { instrument: US30, side: 2, leverage: 20, entry: price('47250.00'), sl: price('47370.00') },
      account: flat(10_000),
      market,
      risk: 50,
    });
    expect([r.lots.toString(), r.lossAtStop.toString()]).toEqual(['0.4', '48']);
  });

  it('BTCUSD: says when the minimum lot already risks more — 0.01 BTC at a 5,000 stop loses 50 > 20', () => {
    const r = lotsFromRisk({
      order: { instrument: BTCUSD, side: 1, leverage: 10, entry: price('87530.00'), sl: price('82530.00') },
      account: flat(1_000),
      market,
      risk: 20,
    });
    expect(r).toMatchObject({ minLotTooRisky: true });
    expect(r.lots.toString()).toBe('0');
    expect(r.lossAtStop.toString()).toBe('50');
  });

  it('is capped by free margin: 5,000 of risk on a 1,000 account buys only what the margin allows', () => {
    const r = lotsFromRisk({
      order: { instrument: BTCUSD, side: 1, leverage: 10, entry: price('87530.00'), sl: price('86530.00') },
      account: flat(1_000),
      market,
      risk: 5_000,
    });
    // 0.11 BTC: margin 962.83 + fee 2.20 = 965.03 ≤ 1,000; 0.12 would need 1,052.76.
    expect([r.lots.toString(), r.cappedByMargin]).toEqual(['0.11', true]);
  });
});

describe('lots from risk with a commission (docs/trading-groups.md)', () => {
  // EURUSD bought at 1.15810 with its stop 50.9 pips away (1.15301): 509 USD a lot at the stop.
  const order = { side: 1 as const, leverage: 100, entry: price('1.15810'), sl: price('1.15301') };

  it('counts both sides of a per-lot commission: 197 USD buys 0.37 lots, where the fee alone allowed 0.38', () => {
    const instrument = { ...EURUSD, commission: { type: 'per_lot' as const, rate: '3.5', min: '0' } };
    const r = lotsFromRisk({ order: { ...order, instrument }, account: flat(10_000), market, risk: 197 });
    // 0.37: 188.33 at the stop + 2.59 fee + 1.295 × 2 commission = 193.51; 0.38 would be 198.74.
    expect([r.lots, r.lossAtStop, r.fee, r.commission, r.costAtStop].map(String)).toEqual([
      '0.37',
      '188.33',
      '2.59',
      '2.59',
      '193.51',
    ]);
    const withoutCommission = lotsFromRisk({
      order: { ...order, instrument: EURUSD },
      account: flat(10_000),
      market,
      risk: 197,
    });
    expect(withoutCommission.lots.toString()).toBe('0.38');
  });

  it('charges the close per million at the stop price: 1,000 USD buys 1.91 lots', () => {
    const instrument = { ...EURUSD, commission: { type: 'per_million' as const, rate: '30', min: '0' } };
    const r = lotsFromRisk({ order: { ...order, instrument }, account: flat(10_000), market, risk: 1_000 });
    // Open: 191,000 × 1.15810 × 30 / 1e6 = 6.635913; close: 191,000 × 1.15301 × 30 / 1e6 = 6.606747.
    // 972.19 + 13.37 + 13.24266 = 998.80266; 1.92 lots would cost 1,004.031994.
    expect([r.lots, r.commission, r.costAtStop].map(String)).toEqual(['1.91', '13.24266', '998.80266']);
  });

  it('finds the lots when a minimum commission makes small orders dear: 20 USD buys 0.01 lots, not 0.03', () => {
    const instrument = { ...EURUSD, commission: { type: 'per_lot' as const, rate: '0.5', min: '5' } };
    const r = lotsFromRisk({ order: { ...order, instrument }, account: flat(10_000), market, risk: 20 });
    // One lot costs 509 + 7 + 5 × 2 = 526, so 20 looks like 0.03 lots — but each side costs at
    // least 5: 0.03 is 15.27 + 0.21 + 10 = 25.48, 0.02 is 20.32, 0.01 is 5.09 + 0.07 + 10 = 15.16.
    expect([r.lots, r.commission, r.costAtStop, r.minLotTooRisky].map(String)).toEqual([
      '0.01',
      '10',
      '15.16',
      'false',
    ]);
    const tooSmall = lotsFromRisk({
      order: { ...order, instrument },
      account: flat(10_000),
      market,
      risk: 15,
    });
    expect([tooSmall.lots.toString(), tooSmall.minLotTooRisky]).toEqual(['0', true]);
  });
});

describe('stop-out price', () => {
  it('BTCUSD: found where one price step moves equity by a cent, too little to move the level', () => {
    // 1 BTC bought at 87,530.00 with 1:20 (margin 4,376.50) on 10,000 − 20 fee: equity is
    // 9,980 + (bid − 87,530). At a bid of 79,738.46 it is 2,188.46 → 50.0048 %, shown 50.00 %
    // (due); one cent up, 2,188.47 → 50.01 %. One step moves the level by 0.0002 %.
    const account: TicketAccount = {
      balance: 9_980,
      held: 0,
      positions: [
        { instrument: BTCUSD, side: 1, lots: lots(1), openPrice: price('87530.00'), margin: '4376.5' },
      ],
    };
    expect(stopOutPrice({ instrument: BTCUSD, account, market })?.toString()).toBe('79738.46');
  });

  it('is none with nothing open on the instrument, or when a buy and a sell of the same size hedge', () => {
    expect(stopOutPrice({ instrument: EURUSD, account: flat(1_000), market })).toBeNull();
    // Equity is 10,000 − 20 (two spreads) at any price: the level never falls.
    const hedged: TicketAccount = {
      balance: 10_000,
      held: 0,
      positions: [
        { instrument: EURUSD, side: 1, lots: lots(1), openPrice: price('1.15810'), margin: '1158.1' },
        { instrument: EURUSD, side: 2, lots: lots(1), openPrice: price('1.15800'), margin: '1158' },
      ],
    };
    expect(stopOutPrice({ instrument: EURUSD, account: hedged, market })).toBeNull();
  });
});
