import {
  DEFAULT_MAX_ALERTS,
  percentToHundredths,
  type AlertSetInput,
  type PriceAlert,
} from '@pipwise/shared';
import { AppError } from '../../../core/app-error.js';
import type { Db } from '../../../core/db/database.js';
import type { AccountTransactions, AccountTx } from '../../../core/money/account-transactions.js';
import type { Instrument, MarketService } from '../../market/index.js';
import { once } from '../../idempotency/index.js';
import { formatPoints, toPoints } from '../order-rules.js';
import { toAlertDto } from './alert-dto.js';
import * as repo from './alert.repository.js';
import type { AlertRow } from './alert.repository.js';

/** How far from the bid an alert may be set: a tenth to ten times it. */
const FARTHEST_FACTOR = 10;

/** A price alert (`kind` may be left out) or a move alert, as the contract accepted it. */
export type AlertInput = AlertSetInput;

/**
 * The trader's price alerts (docs/notifications.md "Price alerts"). Each change is an account
 * transaction of its trader, so the engine hears of it with the account's change sequence
 * (a takeover's read and the events it replays agree) and edits queue behind a firing.
 */
export class AlertService {
  constructor(
    private readonly db: Db,
    private readonly transactions: AccountTransactions,
    private readonly market: MarketService,
    /** The most alerts a trader may keep armed (the `max_alerts` setting). */
    private readonly maxAlerts: () => Promise<number> = () => Promise.resolve(DEFAULT_MAX_ALERTS),
  ) {}

  async list(userId: number): Promise<{ data: PriceAlert[]; max: number }> {
    const rows = await repo.listUserAlerts(this.db, userId);
    const data = rows.flatMap((row) => {
      const inst = this.market.instrument(Number(row.instrument_id));
      return inst ? [toAlertDto(row, inst)] : [];
    });
    return { data, max: await this.maxAlerts() };
  }

  /**
   * A new alert, or one of the caller's moved and armed again (a fired one too); once per
   * `Idempotency-Key`, so a retried save sets one alert, not two.
   */
  set(userId: number, input: AlertInput, idempotencyKey?: string): Promise<PriceAlert> {
    const key = idempotencyKey ? { scope: 'alert_set', key: idempotencyKey, body: input } : undefined;
    return this.transactions.run(userId, (tx) => once(tx, key, () => this.setIn(tx, userId, input)));
  }

  private async setIn(tx: AccountTx, userId: number, input: AlertInput): Promise<PriceAlert> {
    const inst = this.market.instrument(input.forex_id);
    if (!inst) throw AppError.rule('errors.instrument_not_found');
    const changes =
      input.kind === 'move' ? this.moveChanges(input, tx.now) : this.priceChanges(inst, input, tx.now);
    const before = input.id === undefined ? undefined : await repo.findAlert(tx.trx, userId, input.id);
    if (input.id !== undefined && !before) throw AppError.rule('errors.alert_not_found');
    // An edit of an armed alert does not add one; a new one or a fired one armed again does.
    if (!before || before.fired_at !== null) await this.checkRoom(tx);
    const row = before
      ? await repo.rearmAlert(tx.trx, userId, Number(before.id), changes)
      : await repo.insertAlert(tx.trx, { user_id: userId, ...changes });
    if (!row) throw AppError.rule('errors.alert_not_found');
    this.told(tx, 'set', row);
    return toAlertDto(row, inst);
  }

  /** A price alert's row: its level at the pair's digits, on its side of the bid, not too far. */
  private priceChanges(
    inst: Instrument,
    input: Extract<AlertInput, { price: string }>,
    now: number,
  ): repo.AlertChanges {
    const level = toPoints(inst, input.price, 'price');
    const quote = this.market.liveQuote(inst.id);
    // The level is judged against the bid now: an open market's must be fresh (an instance
    // cut off from the feed would judge against an old one); a closed market's last bid is
    // the one it reopens from (docs/notifications.md "Price alerts").
    if (!quote || (quote.open && !this.market.isQuoteFresh(inst)))
      throw AppError.rule('errors.prices_not_live');
    const bid = quote.bid;
    const vars = { context: input.direction, price: formatPoints(inst, bid) };
    if (input.direction === 'above' ? level <= bid : level >= bid)
      throw AppError.rule('errors.alert_wrong_side', vars);
    if (level > bid * FARTHEST_FACTOR || level * FARTHEST_FACTOR < bid)
      throw AppError.rule('errors.alert_too_far', vars);
    return {
      instrument_id: inst.id,
      kind: 'price',
      direction: input.direction,
      level,
      move_window: null,
      move_hundredths: null,
      created_at: now,
    };
  }

  /** A move alert's row: its window and percentage (the contract checked both). */
  private moveChanges(input: Extract<AlertInput, { kind: 'move' }>, now: number): repo.AlertChanges {
    return {
      instrument_id: input.forex_id,
      kind: 'move',
      direction: input.direction,
      level: 0,
      move_window: input.window,
      move_hundredths: percentToHundredths(input.percent),
      created_at: now,
    };
  }

  delete(userId: number, id: number): Promise<void> {
    return this.transactions.run(userId, async (tx) => {
      const row = await repo.deleteAlert(tx.trx, userId, id);
      if (!row) throw AppError.rule('errors.alert_not_found');
      this.told(tx, 'removed', row);
    });
  }

  private async checkRoom(tx: AccountTx): Promise<void> {
    const max = await this.maxAlerts();
    if ((await repo.countArmed(tx.trx, tx.userId)) >= max)
      throw AppError.rule('errors.alerts_too_many', { max });
  }

  private told(tx: AccountTx, event: 'set' | 'removed', alert: AlertRow): void {
    tx.publish({ type: 'alert', event, userId: tx.userId, alert, account: tx.account });
  }
}
