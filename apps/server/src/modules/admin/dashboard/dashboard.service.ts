import {
  Dec,
  fromMicros,
  instrumentRates,
  pointsToPrice,
  type Dashboard,
  type Exposure,
} from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { tradingDayStart, type MarketService } from '../../market/index.js';
import { countUsers, demoUserIds } from '../../auth/index.js';
import { countFeedback } from '../../content/index.js';
import { countPendingIdentities } from '../../identity/index.js';
import { listAllOpenPositions } from '../../trading/index.js';
import { countPendingFunds, moneyMovedSince } from '../../wallet/index.js';

interface Book {
  long: Dec;
  short: Dec;
  positions: number;
}

/** USD to the cent, as a number for the screen. */
const usd = (d: Dec) => d.toDecimalPlaces(2).toNumber();

/**
 * The dashboard: users, what waits for an operator, the house's exposure per instrument
 * (real accounts' open lots long and short, valued at the current mid price) and the money
 * moved during the trading day (from 17:00 New York, like the charts' day).
 */
export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly market: MarketService,
    private readonly now: () => number,
  ) {}

  async read(): Promise<Dashboard> {
    const since = tradingDayStart(this.now());
    // Each module answers for its own tables.
    const [users, funds, identities, feedback, positions, moved] = await Promise.all([
      countUsers(this.db),
      countPendingFunds(this.db),
      countPendingIdentities(this.db),
      countFeedback(this.db, { status: 0 }),
      this.realOpenPositions(),
      moneyMovedSince(this.db, since),
    ]);
    const pending = { ...funds, identities, feedback };
    const books = new Map<number, Book>();
    for (const p of positions) {
      const book = books.get(p.instrument_id) ?? { long: new Dec(0), short: new Dec(0), positions: 0 };
      if (p.side === 1) book.long = book.long.plus(p.lots);
      else book.short = book.short.plus(p.lots);
      book.positions += 1;
      books.set(p.instrument_id, book);
    }
    const exposure = [...books].map(([id, book]) => this.exposureOf(id, book));
    exposure.sort((a, b) => Math.abs(b.net_usd) - Math.abs(a.net_usd) || a.code.localeCompare(b.code));
    return {
      users: { total: users.real + users.demo, real: users.real, demo: users.demo },
      pending,
      exposure,
      today: {
        since,
        deposits_usd: fromMicros(moved.deposits.micros).toNumber(),
        deposits: moved.deposits.count,
        withdrawals_usd: fromMicros(moved.withdrawals.micros).toNumber(),
        withdrawals: moved.withdrawals.count,
      },
    };
  }

  /** Open positions of real users only: the house's exposure is to real money. */
  private async realOpenPositions() {
    const positions = await listAllOpenPositions(this.db);
    const demo = await demoUserIds(
      this.db,
      positions.map((p) => p.user_id),
    );
    return positions.filter((p) => !demo.has(Number(p.user_id)));
  }

  /** Lots × contract size × base→USD at the mid price now (0 and `priced: false` without a rate). */
  private exposureOf(id: number, book: Book): Exposure {
    const inst = this.market.instrument(id);
    const quote = this.market.liveQuote(id);
    const rates =
      inst && quote
        ? instrumentRates({
            base: inst.baseCurrency,
            quote: inst.quoteCurrency,
            price: pointsToPrice((quote.bid + quote.ask) / 2, inst.precision),
            quotes: this.market.quoteLookup,
          })
        : undefined;
    const perLot = rates && inst ? rates.baseToUsd.mul(inst.contractSize) : new Dec(0);
    const longUsd = book.long.mul(perLot);
    const shortUsd = book.short.mul(perLot);
    return {
      instrument_id: id,
      code: inst?.code ?? `#${id}`,
      long_lots: book.long.toString(),
      short_lots: book.short.toString(),
      net_lots: book.long.minus(book.short).toString(),
      long_usd: usd(longUsd),
      short_usd: usd(shortUsd),
      net_usd: usd(longUsd.minus(shortUsd)),
      priced: rates !== undefined,
      positions: book.positions,
    };
  }
}
