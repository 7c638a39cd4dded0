import {
  dayStartIn,
  DESK_FILL_MINUTES,
  DESK_LIST_SIZE,
  fromMicros,
  HOUSE_PNL_ACCOUNTS,
  microUsd,
  type DeskFills,
  type DeskRealized,
  type DeskSnapshot,
} from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { findAccounts } from '../../../core/money/ledger.repository.js';
import { sumHouseEntriesSince } from '../../../core/money/house-pnl.repository.js';
import type { SettingsService } from '../../../core/settings/settings.service.js';
import { demoUserIds, userContacts } from '../../auth/index.js';
import type { MarketService } from '../../market/index.js';
import {
  countFillsSince,
  countProviderWork,
  listDeskPositions,
  type FillCount,
  type Valuation,
} from '../../trading/index.js';
import { deskFigures, deskLists, type DeskAccountState } from './desk-figures.js';

/** Everything of a snapshot that does not depend on the operator's time zone. */
export type DeskBook = Omit<DeskSnapshot, 'realized'>;

const MINUTE_MS = 60_000;

export interface DeskDeps {
  db: Db;
  market: MarketService;
  valuation: Valuation;
  settings: SettingsService;
  now: () => number;
}

/**
 * The dealing desk (docs/dealing-desk.md): reads the open positions, accounts, fills and the
 * house's ledger entries from the database and prices them with this instance's quotes, so
 * any instance answers the same. Real accounts only.
 */
export class DeskService {
  constructor(private readonly deps: DeskDeps) {}

  /** One whole snapshot, "today" starting at 00:00 in `timeZone`. */
  async snapshot(timeZone: string): Promise<DeskSnapshot> {
    const [book, realized] = await Promise.all([this.book(), this.realized(timeZone)]);
    return { ...book, realized };
  }

  /** The exposure, the account lists and the fills: the same for every operator. */
  async book(): Promise<DeskBook> {
    const { db, market, valuation, settings } = this.deps;
    const at = this.deps.now();
    const firstMinute = Math.floor(at / MINUTE_MS) - (DESK_FILL_MINUTES - 1);
    const [all, fills, stopOut, marginCall, provider] = await Promise.all([
      listDeskPositions(db),
      countFillsSince(db, firstMinute * MINUTE_MS),
      settings.number('stop_out_level'),
      settings.number('margin_call_level'),
      countProviderWork(db),
    ]);
    const users = [
      ...new Set([
        ...all.map((p) => p.userId),
        ...fills.opened.map((f) => f.userId),
        ...fills.closed.map((f) => f.userId),
      ]),
    ];
    const demo = await demoUserIds(db, users);
    const positions = all.filter((p) => !demo.has(p.userId));
    const holders = [...new Set(positions.map((p) => p.userId))];
    const [rows, contacts] = await Promise.all([findAccounts(db, holders), userContacts(db, holders)]);
    const accounts = new Map<number, DeskAccountState>(
      rows.map((a) => [
        Number(a.user_id),
        { balance: microUsd(Number(a.balance)), lock: microUsd(Number(a.lock_balance)) },
      ]),
    );
    const figures = deskFigures({ positions, accounts, contacts, market, valuation });
    return {
      at,
      stop_out_level: stopOut,
      margin_call_level: marginCall,
      exposure: figures.exposure,
      totals: {
        positions: positions.length,
        accounts: holders.length,
        house_pnl_usd: fromMicros(microUsd(figures.housePnlMicros)).toNumber(),
        net_usd: fromMicros(microUsd(figures.netMicros)).toNumber(),
      },
      ...deskLists(figures.accounts, DESK_LIST_SIZE),
      fills: fillBars(firstMinute, fills, demo),
      provider: { covers_waiting: provider.coversWaiting, unbooked_open: provider.unbookedOpen },
    };
  }

  /**
   * The house's realised P&L since 00:00 today in `timeZone`: Σ the entries of the P&L
   * house accounts, real traders' only (docs/dealing-desk.md "Today").
   */
  async realized(timeZone: string): Promise<DeskRealized> {
    const { db } = this.deps;
    const since = dayStartIn(timeZone, this.deps.now());
    const sums = await sumHouseEntriesSince(db, HOUSE_PNL_ACCOUNTS, since);
    const demo = await demoUserIds(
      db,
      sums.map((s) => s.userId),
    );
    const byAccount = new Map<string, number>(HOUSE_PNL_ACCOUNTS.map((a) => [a, 0]));
    for (const s of sums) {
      if (!demo.has(s.userId)) byAccount.set(s.account, (byAccount.get(s.account) ?? 0) + s.amount);
    }
    let total = 0;
    for (const amount of byAccount.values()) total += amount;
    return {
      since,
      time_zone: timeZone,
      total_usd: fromMicros(microUsd(total)).toNumber(),
      accounts: HOUSE_PNL_ACCOUNTS.map((account) => ({
        account,
        amount_usd: fromMicros(microUsd(byAccount.get(account) ?? 0)).toNumber(),
      })),
    };
  }
}

/** One bar per minute from `firstMinute` to now, real traders' fills only. */
function fillBars(
  firstMinute: number,
  fills: { opened: FillCount[]; closed: FillCount[] },
  demo: ReadonlySet<number>,
): DeskFills[] {
  const bars: DeskFills[] = Array.from({ length: DESK_FILL_MINUTES }, (_, i) => ({
    minute: (firstMinute + i) * MINUTE_MS,
    opened: 0,
    closed: 0,
  }));
  const add = (counts: FillCount[], field: 'opened' | 'closed') => {
    for (const c of counts) {
      const bar = bars[c.minute - firstMinute];
      if (bar && !demo.has(c.userId)) bar[field] += c.count;
    }
  };
  add(fills.opened, 'opened');
  add(fills.closed, 'closed');
  return bars;
}
