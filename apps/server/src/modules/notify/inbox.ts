import { NOTICE_KINDS, PAGE_SIZE, type Notice, type NoticeData, type NoticeKind } from '@pipwise/shared';
import { AppError } from '../../core/app-error.js';
import type { Db } from '../../core/db/database.js';
import * as repo from './inbox.repository.js';
import type { NoticeChannel, NoticeRow } from './inbox.repository.js';
import { enqueuePushes, listSubscriptions } from './push.repository.js';
import type { NoticeBus } from './notice-bus.js';

export type NoticeSwitches = Record<NoticeKind, number>;

/** What a module that reports events needs of the inbox: write in its transaction, announce after. */
export type NoticeWriter = Pick<Inbox, 'write' | 'announce'>;
/** What the account log needs of the inbox: the stop-out receipts its entries link to. */
export type ReceiptFinder = Pick<Inbox, 'stopOutReceipts'>;

/**
 * How many of a trader's newest stop-out receipts the account log links to: a page of the
 * log is recent, and a trader stopped out more often than this has older ones in the inbox.
 */
const RECEIPTS_LOOKED_AT = 50;

export function toNotice(row: NoticeRow): Notice {
  return {
    id: Number(row.id),
    kind: row.kind as NoticeKind,
    data: JSON.parse(row.data) as Record<string, unknown>,
    created_at: Number(row.created_at),
    read: row.read_at === null ? 0 : 1,
  };
}

/**
 * The trader's inbox (docs/notifications.md "The inbox"). A notice is written inside the
 * transaction of the event it reports — with it or not at all — by whichever module decided
 * the event; once that transaction has committed, the writer announces it on the bus, and
 * the trader's socket is told wherever it is connected.
 */
export class Inbox {
  constructor(
    private readonly db: Db,
    readonly bus: NoticeBus,
    private readonly now: () => number,
  ) {}

  /**
   * Writes a notice in `trx` unless the trader switched its kind off, and queues it for each
   * of their browsers that push it (docs/notifications.md "Web push") in the same
   * transaction; returns whether it wrote one (the caller announces it after the commit).
   * `broadcastId`: the announcement broadcast it tells — unique per trader, so a second
   * write of one broadcast to a trader fails (and its transaction with it).
   */
  async write<K extends NoticeKind>(
    trx: Db,
    userId: number,
    kind: K,
    data: NoticeData[K],
    options: { broadcastId?: number } = {},
  ): Promise<boolean> {
    const off = await repo.switchesOff(trx, userId, kind);
    if (off.has('inbox')) return false;
    const now = this.now();
    const id = await repo.insertNotice(trx, {
      user_id: userId,
      kind,
      data: JSON.stringify(data),
      created_at: now,
      ...(options.broadcastId === undefined ? {} : { broadcast_id: options.broadcastId }),
    });
    if (!off.has('push')) {
      const browsers = await listSubscriptions(trx, userId);
      await enqueuePushes(
        trx,
        browsers.map((b) => ({ subscription_id: Number(b.id), notice_id: id, due_at: now, created_at: now })),
      );
    }
    return true;
  }

  /** After the commit of a transaction that wrote one: the trader's socket hears of it. */
  announce(userId: number): void {
    this.bus.announce(userId, true);
  }

  async page(userId: number, page: number): Promise<{ data: Notice[]; total: number; unread: number }> {
    const [{ rows, total }, unread] = await Promise.all([
      repo.pageNotices(this.db, userId, PAGE_SIZE, (page - 1) * PAGE_SIZE),
      repo.countUnread(this.db, userId),
    ]);
    return { data: rows.map(toNotice), total, unread };
  }

  /** One of the trader's notices; another trader's is as unknown as none. */
  async notice(userId: number, id: number): Promise<Notice> {
    const row = await repo.findNotice(this.db, id);
    if (!row || Number(row.user_id) !== userId) throw AppError.rule('errors.notice_not_found');
    return toNotice(row);
  }

  /**
   * Which of `orderIds` a stop-out closed, and the receipt (notice id) telling it, among the
   * trader's newest receipts (docs/notifications.md "The stop-out receipt").
   */
  async stopOutReceipts(userId: number, orderIds: readonly number[]): Promise<Map<number, number>> {
    const found = new Map<number, number>();
    if (orderIds.length === 0) return found;
    const wanted = new Set(orderIds);
    for (const row of await repo.recentStopOuts(this.db, userId, RECEIPTS_LOOKED_AT)) {
      const { closed } = JSON.parse(row.data) as NoticeData['stop_out'];
      for (const { order_id } of closed) if (wanted.has(order_id)) found.set(order_id, Number(row.id));
    }
    return found;
  }

  /** Marks one notice (or all) read; answers the unread count left. */
  async markRead(userId: number, id: number | undefined): Promise<number> {
    await repo.markRead(this.db, userId, id, this.now());
    this.bus.announce(userId, false);
    return repo.countUnread(this.db, userId);
  }

  unread(userId: number): Promise<number> {
    return repo.countUnread(this.db, userId);
  }

  async latest(userId: number): Promise<Notice | null> {
    const row = await repo.latestNotice(this.db, userId);
    return row ? toNotice(row) : null;
  }

  /** Per kind, 1 when the channel carries it (every kind on until switched off). */
  async switches(userId: number, channel: NoticeChannel = 'inbox'): Promise<NoticeSwitches> {
    const off = new Set(await repo.switchedOff(this.db, userId, channel));
    return Object.fromEntries(NOTICE_KINDS.map((k) => [k, off.has(k) ? 0 : 1])) as NoticeSwitches;
  }

  async setSwitch(
    userId: number,
    kind: NoticeKind,
    on: boolean,
    channel: NoticeChannel = 'inbox',
  ): Promise<NoticeSwitches> {
    await repo.setSwitch(this.db, userId, kind, channel, on);
    return this.switches(userId, channel);
  }
}
