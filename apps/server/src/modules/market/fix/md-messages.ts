import type { MsgView } from 'jspurefix';
import type { ServerLog } from '../../../core/index.js';
import { BookUpdate } from './book-update.js';
import type { FixFeedOptions } from './fix-feed-types.js';
import type { QuoteBooks } from './md-books.js';
import type { Connection, SessionNotes } from './md-connection.js';
import {
  BUSINESS_REJECT_REASONS,
  cleanText,
  describeReason,
  isCleanId,
  MD_REJECT_REASONS,
  SESSION_REJECT_REASONS,
  utcTimestamp,
} from './md-fields.js';

/** Entries in one message beyond this are garbage (top of book is two per instrument). */
const MIN_MAX_ENTRIES = 64;

/**
 * Reads what the provider sends on a live connection into the books: snapshots (35=W) and
 * incremental refreshes (35=X) become book updates, refusals of a request (35=Y, a 35=3
 * reject of it, 35=j) mark its instrument unavailable. At most `maxMessagesPerSecond` are
 * read; a provider over that budget for `floodSecondsToDisconnect` seconds in a row is cut off.
 */
export class MessageReader {
  /** Application messages handled. */
  messages = 0;
  private readonly now: () => number;
  private readonly log: ServerLog | undefined;
  private readonly maxEntries: number;
  private budget = { windowStart: 0, count: 0, over: 0, floodSeconds: 0 };

  constructor(
    private readonly options: FixFeedOptions,
    private readonly books: QuoteBooks,
    private readonly notes: Pick<SessionNotes, 'lastError'>,
  ) {
    this.now = options.now ?? Date.now;
    this.log = options.log;
    this.maxEntries = Math.max(MIN_MAX_ENTRIES, 4 * options.instruments.length);
  }

  /** A new session: the per-second budget starts over at `now`. */
  resetBudget(now: number): void {
    this.budget = { windowStart: now, count: 0, over: 0, floodSeconds: 0 };
  }

  /** Within the per-second budget? Over it for several seconds in a row drops the session. */
  private withinBudget(conn: Connection, now: number): boolean {
    const b = this.budget;
    if (now - b.windowStart >= 1_000) {
      b.floodSeconds = b.over > 0 ? b.floodSeconds + 1 : 0;
      b.windowStart = now;
      b.count = 0;
      b.over = 0;
    }
    b.count += 1;
    if (b.count <= (this.options.maxMessagesPerSecond ?? 5_000)) return true;
    b.over += 1;
    if (b.floodSeconds >= (this.options.floodSecondsToDisconnect ?? 5)) {
      this.notes.lastError = 'provider floods: over the message budget for several seconds';
      conn.session.kill(this.notes.lastError);
    }
    return false;
  }

  application(conn: Connection, msgType: string, view: MsgView): void {
    const receivedAt = this.now();
    this.messages += 1;
    if (!this.withinBudget(conn, receivedAt))
      return this.books.drop('flood', undefined, 'over the message budget');
    switch (msgType) {
      case 'W':
      case 'X':
        return this.onMarketData(conn, msgType, view, receivedAt);
      case 'Y':
        return this.onRequestReject(conn, view);
      case 'j':
        return this.onBusinessReject(conn, view);
      default:
        this.log?.info({ feed: 'fix', msgType: cleanText(msgType, 8) }, 'FIX market data: message ignored');
    }
  }

  private onMarketData(conn: Connection, msgType: 'W' | 'X', view: MsgView, receivedAt: number): void {
    const sendingTime = utcTimestamp(view.getString(52));
    if (sendingTime === undefined)
      return this.books.drop('garbage', undefined, 'SendingTime missing or malformed');
    if (view.getString(43) === 'Y') return this.books.drop('replayed', undefined, `resent ${msgType}`);
    const reqId = view.getString(262);
    const requested = isCleanId(reqId) ? conn.requests.get(reqId) : undefined;
    const group = view.getView('NoMDEntries');
    const count = group?.groupCount() ?? 0;
    if (count > this.maxEntries)
      return this.books.drop('garbage', undefined, `${count} entries in one message`);

    if (msgType === 'W') {
      // A snapshot is one instrument's whole book: by its MDReqID, its Symbol must agree.
      const symbol = view.getString(55);
      const e = requested !== undefined ? this.books.byId(requested) : this.books.forSymbol(symbol ?? '');
      if (!e || (symbol !== null && symbol !== e.inst.symbol))
        return this.books.drop('unknown_symbol', undefined, `snapshot for ${cleanText(symbol ?? reqId, 40)}`);
      const update = new BookUpdate(e, sendingTime, true);
      for (let i = 0; i < count; i++) update.entry(group!.getGroupInstance(i), '0');
      return this.books.apply(update, receivedAt);
    }

    // An incremental refresh may carry entries of several instruments, each with its Symbol.
    const updates = new Map<number, BookUpdate>();
    const fallback = requested !== undefined ? this.books.byId(requested) : undefined;
    for (let i = 0; i < count; i++) {
      const entry = group!.getGroupInstance(i);
      if (!entry) continue;
      const symbol = entry.getString(55);
      const e = symbol === null ? fallback : this.books.forSymbol(symbol);
      if (!e) {
        this.books.drop('unknown_symbol', undefined, `update for ${cleanText(symbol ?? reqId, 40)}`);
        continue;
      }
      let update = updates.get(e.inst.id);
      if (!update) updates.set(e.inst.id, (update = new BookUpdate(e, sendingTime, false)));
      update.entry(entry, entry.getString(279));
    }
    for (const update of updates.values()) this.books.apply(update, receivedAt);
  }

  private onRequestReject(conn: Connection, view: MsgView): void {
    const reqId = view.getString(262);
    const id = isCleanId(reqId) ? conn.requests.get(reqId) : undefined;
    const reason = describeReason(MD_REJECT_REASONS, view.getString(281), view.getString(58), 'rejected');
    this.books.rejected(id, `market data request rejected: ${reason}`, { reqId: cleanText(reqId, 64) });
  }

  sessionReject(conn: Connection, view: MsgView): void {
    const refSeq = Number(view.getString(45));
    const refType = cleanText(view.getString(372), 8);
    const id = Number.isSafeInteger(refSeq) ? conn.requestSeqs.get(refSeq) : undefined;
    const reason = describeReason(
      SESSION_REJECT_REASONS,
      view.getString(373),
      view.getString(58),
      'rejected',
    );
    if (id !== undefined)
      return this.books.rejected(id, `request refused by the session (35=3): ${reason}`, {});
    this.notes.lastError = `provider rejected our ${refType || 'message'} #${refSeq}: ${reason}`;
    this.log?.info({ feed: 'fix', refSeq, refMsgType: refType, reason }, 'FIX market data: message rejected');
  }

  private onBusinessReject(conn: Connection, view: MsgView): void {
    const refId = view.getString(379);
    const id = view.getString(372) === 'V' && isCleanId(refId) ? conn.requests.get(refId) : undefined;
    const reason = describeReason(
      BUSINESS_REJECT_REASONS,
      view.getString(380),
      view.getString(58),
      'rejected',
    );
    this.books.rejected(id, `request refused (35=j): ${reason}`, { refId: cleanText(refId, 64) });
  }
}
