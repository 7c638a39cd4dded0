import type { MsgView } from 'jspurefix';
import type { FixInstrument, FixInstrumentState } from './fix-feed-types.js';
import { cleanText, entryTime, pricePoints } from './md-fields.js';
import type { Book, DropReason, QuoteGuard } from './quote-guard.js';

/** One instrument as the feed keeps it: its book's guard, its state and its last good quote. */
export interface InstrumentEntry {
  inst: FixInstrument;
  guard: QuoteGuard;
  state: FixInstrumentState;
  reason: string | undefined;
  /** The last good quote passed on (not the saved one the guard starts from). */
  quoted: { bid: number; ask: number } | undefined;
  providerTime: number | undefined;
  receivedAt: number | undefined;
  dropped: number;
}

/** One instrument's entries of one message, read and checked before they touch its book. */
export class BookUpdate {
  book: Book;
  providerTime: number;
  problem: DropReason | undefined;
  detail: string | undefined;
  private stamped = false;

  constructor(
    readonly target: InstrumentEntry,
    private readonly sendingTime: number,
    snapshot: boolean,
  ) {
    this.book = snapshot ? {} : { ...target.guard.book };
    this.providerTime = sendingTime;
  }

  /** Applies one entry (`action`: MDUpdateAction 279; a snapshot's entries are all '0', new). */
  entry(entry: MsgView | null, action: string | null): void {
    if (this.problem || !entry) return;
    const type = entry.getString(269);
    if (type !== '0' && type !== '1') return; // not bid or offer: not asked for, not used
    const side = type === '0' ? 'bid' : 'ask';
    if (action !== '0' && action !== '1' && action !== '2') return this.fail('garbage', 'MDUpdateAction');
    const time = entryTime(entry.getString(272), entry.getString(273), this.sendingTime);
    if (time === null) return this.fail('garbage', 'MDEntryDate/MDEntryTime malformed');
    if (time !== undefined) {
      this.providerTime = this.stamped ? Math.max(this.providerTime, time) : time;
      this.stamped = true;
    }
    if (action === '2') {
      this.book[side] = undefined;
      return;
    }
    const text = entry.getString(270);
    const price = pricePoints(text, this.target.inst.precision);
    if (!price.ok)
      return this.fail(
        price.problem === 'too_large' ? 'garbage' : price.problem,
        `MDEntryPx ${cleanText(text, 24)}`,
      );
    this.book[side] = price.points;
  }

  private fail(problem: DropReason, detail: string): void {
    this.problem = problem;
    this.detail = detail;
  }
}

/** The MarketDataRequest (35=V) for one instrument: snapshot plus updates, top of book, bid and offer. */
export function marketDataRequest(reqId: string, symbol: string) {
  return {
    MDReqID: reqId,
    SubscriptionRequestType: '1',
    MarketDepth: 1,
    MDUpdateType: 1,
    MDReqGrp: { NoMDEntryTypes: [{ MDEntryType: '0' }, { MDEntryType: '1' }] },
    InstrmtMDReqGrp: { NoRelatedSym: [{ Instrument: { Symbol: symbol } }] },
  };
}

/** A book as a dropped update's log detail. */
export function bookText(book: Book): string {
  return `bid ${book.bid ?? '-'} ask ${book.ask ?? '-'} (points)`;
}
