import {
  FOLLOW_LIST_MAX,
  FollowTraderInputSchema,
  type FollowTrader,
  type FollowTraderInput,
} from '@pipwise/shared';
import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';
import { parseInput } from '../../http/validation.js';
import * as repo from './follow-trader.repository.js';
import { isSafeImageUrl } from './html-sanitizer.js';
import { checkedId } from './service-input.js';
import { inTransaction } from '../../core/db/transaction.js';

/** A stored trader as the ranking shows it (docs/product.md §3 "Follow trader"). */
export function traderOf(row: repo.FollowTraderRow): FollowTrader {
  return {
    id: Number(row.id),
    user: row.display_name,
    avatar: row.avatar,
    multiple: row.multiple,
    three_week_rate: Number(row.three_week_rate),
    three_week_win: Number(row.three_week_win),
    three_week_profit: Number(row.three_week_profit),
    total_rate: Number(row.total_rate),
    total_trade_num: row.total_trade_num,
    code: row.code,
  };
}

const notFound = () => AppError.rule('errors.trader_not_found', { field: 'id' });

/**
 * The follow-trader ranking (docs/product.md §1: copy trading is view only). Operators keep the list;
 * traders only read it.
 */
export class FollowTraderService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async list(): Promise<FollowTrader[]> {
    return (await repo.listEnabledTraders(this.db, FOLLOW_LIST_MAX)).map(traderOf);
  }

  // ---- The back office ------------------------------------------------------------

  /**
   * Adds (no `id`) or changes a trader, checked against the contract again; the avatar
   * must be a safe image address. Pass `tx` to run inside the caller's transaction.
   */
  async saveFollowTrader(input: FollowTraderInput, tx?: Db): Promise<{ id: number }> {
    const t = parseInput(FollowTraderInputSchema, input);
    if (t.avatar !== '' && !isSafeImageUrl(t.avatar)) {
      throw AppError.rule('errors.image_url_invalid', { field: 'avatar' });
    }
    const now = this.now();
    const values = {
      display_name: t.user,
      avatar: t.avatar,
      multiple: t.multiple,
      three_week_rate: String(t.three_week_rate),
      three_week_win: String(t.three_week_win),
      three_week_profit: String(t.three_week_profit),
      total_rate: String(t.total_rate),
      total_trade_num: t.total_trade_num,
      code: t.code,
      sort: t.sort,
      enabled: t.enabled ? 1 : 0,
      is_sample: 0,
      updated_at: now,
    };
    return inTransaction(this.db, tx, async (trx) => {
      if (t.id === undefined) return { id: await repo.insertTrader(trx, { ...values, created_at: now }) };
      if (!(await repo.findTrader(trx, t.id))) throw notFound();
      await repo.updateTrader(trx, t.id, values);
      return { id: t.id };
    });
  }

  async deleteFollowTrader(id: number, tx?: Db): Promise<void> {
    const traderId = checkedId(id);
    await inTransaction(this.db, tx, async (trx) => {
      if (!(await repo.deleteTrader(trx, traderId))) throw notFound();
    });
  }

  /** One trader with the back office's fields (undefined when unknown). */
  async getTrader(id: number, tx?: Db) {
    const row = await repo.findTrader(tx ?? this.db, id);
    return row ? this.adminView(row) : undefined;
  }

  /** Every trader, enabled or not, in the ranking's order. */
  async listAll(tx?: Db) {
    return (await repo.listAllTraders(tx ?? this.db)).map((r) => this.adminView(r));
  }

  private adminView(row: repo.FollowTraderRow) {
    return {
      ...traderOf(row),
      sort: row.sort,
      enabled: row.enabled === 1,
      is_sample: row.is_sample === 1,
      updated_at: Number(row.updated_at),
    };
  }
}
