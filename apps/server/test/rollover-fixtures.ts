import { lots, microUsd, OrderStatus, points } from '@pipwise/shared';
import type { Db } from '../src/core/db/database.js';
import { latestRollover, type Rollover } from '../src/modules/trading/financing/rollover-calendar.js';

/** BTC/USD: crypto is charged every night, so a rollover fixture works on any weekday. */
const BTC = 26;

/**
 * `count` open BTC/USD positions (0.01 or 0.05 lot, a third of them sells) spread over
 * `users`, opened at `openedAt`, written straight into `orders` a thousand at a time (the
 * rollover reads only the orders, so a large book needs no order flow); their ids.
 */
export async function openBtcBook(
  db: Db,
  users: readonly number[],
  count: number,
  openedAt: number,
): Promise<number[]> {
  const ids: number[] = [];
  const BATCH = 1_000;
  for (let start = 0; start < count; start += BATCH) {
    const rows = await db
      .insertInto('orders')
      .values(
        Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => {
          const n = start + k;
          return {
            user_id: users[n % users.length]!,
            instrument_id: BTC,
            side: n % 3 === 0 ? 2 : 1,
            status: OrderStatus.Holding,
            lots: lots(n % 2 === 0 ? '0.01' : '0.05'),
            leverage: 10,
            margin_mode: 0,
            target_price: null,
            pending_kind: null,
            open_price: points(8_750_000),
            close_price: null,
            tp: null,
            sl: null,
            margin: microUsd(87_500_000),
            close_reason: null,
            idempotency_key: null,
            created_at: openedAt,
            opened_at: openedAt,
            closed_at: null,
          };
        }),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => Number(r.id)));
  }
  return ids;
}

/** Marks the rollover before `r` done, so a run owes `r` (and only it). */
export async function owedOnly(db: Db, r: Rollover): Promise<void> {
  const before = latestRollover(r.at - 1);
  await db
    .insertInto('rollovers')
    .values({
      trading_day: before.tradingDay,
      rollover_at: before.at,
      started_at: before.at,
      finished_at: before.at,
    })
    .onConflict((oc) => oc.column('trading_day').doNothing())
    .execute();
}
