import { lots as asLots, microUsd, OrderStatus, points, type MicroUsd } from '@pipwise/shared';
import type { Instrument } from '../src/modules/market/index.js';
import type { AccountState, OrderRow } from '../src/modules/trading/order.repository.js';
import type { Server } from '../src/app.js';

/**
 * A book of many funded accounts holding positions, made in memory for the engine's index
 * (the risk watch's test and the capacity benchmark): the rows the index would read from the
 * database, each position's margin from the real valuation at the price it opened at.
 */

/** A small fast deterministic random source (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface BookShape {
  accounts: number;
  /** Positions per account, on as many different instruments where there are enough. */
  positionsPerAccount: number;
  instruments: readonly Instrument[];
  random: () => number;
  /** Each account's margin level at the prices now lies between these (log-uniform), %. */
  marginLevels: [number, number];
  /** First user id (the ids are consecutive). */
  firstUserId?: number;
  /** How far from the price now positions opened, as a share of it either way (default 0.002). */
  openedAway?: number;
}

export interface SyntheticBook {
  rows: OrderRow[];
  accounts: Map<number, AccountState>;
}

/** Lot sizes traders use, from a micro lot up. */
const LOT_CHOICES = ['0.01', '0.02', '0.05', '0.10', '0.20', '0.50', '1.00'];
const LEVERAGES = [10, 20, 50, 100];

export function syntheticBook(services: Server, shape: BookShape): SyntheticBook {
  const { random, instruments } = shape;
  const { valuation } = services.trading;
  const market = services.market.service;
  const rows: OrderRow[] = [];
  const accounts = new Map<number, AccountState>();
  const first = shape.firstUserId ?? 1;
  let orderId = 1;
  const [low, high] = shape.marginLevels;
  for (let userId = first; userId < first + shape.accounts; userId++) {
    let used = 0n;
    let floating = 0n;
    const start = Math.floor(random() * instruments.length);
    for (let i = 0; i < shape.positionsPerAccount; i++) {
      const inst = instruments[(start + i * 7) % instruments.length]!;
      const q = market.liveQuote(inst.id);
      if (!q) throw new Error(`no quote for ${inst.code}`);
      const side = random() < 0.5 ? 1 : 2;
      const lots = LOT_CHOICES[Math.floor(random() * LOT_CHOICES.length)]!;
      const leverage = LEVERAGES[Math.floor(random() * LEVERAGES.length)]!;
      // Opened some way from where the price is now, as positions of some age are.
      const drift = Math.round((random() - 0.5) * 2 * (shape.openedAway ?? 0.002) * q.bid);
      const open = points(Math.max(1, (side === 1 ? q.ask : q.bid) + drift));
      const margin = valuation.margin(inst, asLots(lots), leverage, open);
      used += BigInt(margin);
      floating += BigInt(
        valuation.profit(inst, { side, lots: asLots(lots), openPrice: open }, side === 1 ? q.bid : q.ask),
      );
      rows.push(positionRow({ id: orderId++, userId, inst, side, lots, leverage, open, margin }));
    }
    // The balance that puts the account at `level` with its floating profit now.
    const level = low * (high / low) ** random();
    const balance = microUsd(Number((used * BigInt(Math.round(level * 100))) / 10_000n - floating));
    accounts.set(userId, { balance, lock: microUsd(0), seq: 1, groupId: null });
  }
  return { rows, accounts };
}

function positionRow(p: {
  id: number;
  userId: number;
  inst: Instrument;
  side: 1 | 2;
  lots: string;
  leverage: number;
  open: ReturnType<typeof points>;
  margin: MicroUsd;
}): OrderRow {
  const row = {
    id: p.id,
    user_id: p.userId,
    instrument_id: p.inst.id,
    side: p.side,
    lots: p.lots,
    leverage: p.leverage,
    status: OrderStatus.Holding,
    open_price: p.open,
    target_price: null,
    pending_kind: null,
    tp: null,
    sl: null,
    trailing_points: null,
    margin: p.margin,
    fee: microUsd(0),
    group_markup: 0,
    created_at: 0,
    opened_at: 0,
  };
  return row as unknown as OrderRow;
}
