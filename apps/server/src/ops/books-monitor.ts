import type { AdminBooksStatus, BooksCheck, BooksCheckReason } from '@pipwise/shared';
import type { Db } from '../core/db/database.js';
import type { ServerLog } from '../core/index.js';
import {
  findingOf,
  heldByUser,
  LEDGER_CHECKS,
  negativeBalances,
  type BooksFinding,
} from '../core/money/books-checks.js';
import { readBooksStatus, saveBooksStatus } from '../core/money/books-status.repository.js';
import { hasOpenPosition } from '../modules/trading/index.js';
import { pendingWithdrawalsByUser } from '../modules/wallet/index.js';

/** Every invariant; a check that spans modules asks each owner for its side and compares. */
const CHECKS: Record<BooksCheck, (db: Db) => Promise<BooksFinding>> = {
  ...LEDGER_CHECKS,
  held_not_pending_withdrawals: async (db) => {
    const [held, pending] = await Promise.all([heldByUser(db), pendingWithdrawalsByUser(db)]);
    const users = new Set([...held.keys(), ...pending.keys()]);
    return findingOf([...users].filter((u) => (held.get(u) ?? 0) !== (pending.get(u) ?? 0)));
  },
  negative_without_positions: async (db) => {
    const below: number[] = [];
    for (const userId of await negativeBalances(db))
      if (!(await hasOpenPosition(db, userId))) below.push(userId);
    return findingOf(below);
  },
};

/** How often the running server checks its books, ms (BOOKS_CHECK_MS). */
export const DEFAULT_BOOKS_CHECK_MS = 300_000;
/** How often an instance that does not hold the engine reads the engine's last finding, ms. */
const FOLLOW_MS = 15_000;

/**
 * The books' invariants checked by the running server, not only by tests (docs/money.md
 * "Double-entry books"): at start, after every engine takeover and every BOOKS_CHECK_MS.
 * A finding is logged at error with the accounts involved, counted in /metrics and shown
 * on the back office's banner; trading goes on — an operator decides, nothing is stopped
 * silently. One check runs at a time: a second request waits for the running one.
 *
 * Only the instance that holds the engine checks (in the scaled shape the others would scan
 * the same tables again): its finding is kept in `books_status`, and the others read it
 * there every 15 s, so the banner and /metrics say the same wherever they are asked.
 */
export class BooksMonitor {
  private last: AdminBooksStatus = { checked_at: null, reason: null, problems: [] };
  private running: Promise<AdminBooksStatus> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private followTimer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: { db: Db; log: ServerLog; now: () => number }) {}

  /** The last finished check. */
  status(): AdminBooksStatus {
    return this.last;
  }

  check(reason: BooksCheckReason): Promise<AdminBooksStatus> {
    this.running ??= this.run(reason).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * While this instance holds the engine (`holdsEngine`): checks now and then every
   * `everyMs`; otherwise follows the engine's findings. Returns how to stop.
   */
  start(everyMs: number, holdsEngine: () => boolean = () => true): () => void {
    const report = (err: unknown) => this.deps.log.error({ err }, 'books check failed to run');
    if (holdsEngine()) this.check('start').catch(report);
    else this.follow().catch(report);
    this.timer = setInterval(() => {
      if (holdsEngine()) void this.check('schedule').catch(report);
    }, everyMs);
    this.followTimer = setInterval(() => {
      if (!holdsEngine()) void this.follow().catch(report);
    }, FOLLOW_MS);
    this.timer.unref();
    this.followTimer.unref();
    return () => {
      clearInterval(this.timer);
      clearInterval(this.followTimer);
    };
  }

  /** Reads the finding the engine's instance kept last. */
  async follow(): Promise<AdminBooksStatus> {
    const kept = await readBooksStatus(this.deps.db);
    if (kept && (this.last.checked_at === null || kept.checked_at! >= this.last.checked_at)) this.last = kept;
    return this.last;
  }

  private async run(reason: BooksCheckReason): Promise<AdminBooksStatus> {
    const problems: AdminBooksStatus['problems'] = [];
    for (const [check, run] of Object.entries(CHECKS) as [BooksCheck, (db: Db) => Promise<BooksFinding>][]) {
      const found = await run(this.deps.db);
      if (found.count > 0) problems.push({ check, count: found.count, sample: found.sample });
    }
    this.last = { checked_at: this.deps.now(), reason, problems };
    await saveBooksStatus(this.deps.db, this.last);
    if (problems.length > 0)
      this.deps.log.error(
        { reason, problems },
        'books out of balance: an operator must look at these accounts',
      );
    return this.last;
  }
}
