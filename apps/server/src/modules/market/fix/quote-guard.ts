import type { MarketSession } from '@pipwise/shared';

/** Why a provider's update was not shown to traders: the list lives in the shared package (domain/feed-drops.ts). */
export { FEED_DROP_REASONS as DROP_REASONS, type FeedDropReason as DropReason } from '@pipwise/shared';
import type { FeedDropReason as DropReason } from '@pipwise/shared';

/**
 * The absurd-jump limit by market, as a fraction of the mid: how far one quote may move from
 * the last good one before it is held back. Quotes arrive milliseconds apart; even a shock
 * (the franc in 2015) moves a currency a few percent between two ticks, and a genuine new
 * level is taken after CONFIRMATIONS quotes agree on it.
 */
export function defaultMaxJump(session: MarketSession): number {
  switch (session) {
    case 'forex':
      return 0.03;
    case 'metals':
    case 'indices':
      return 0.05;
    case 'energy':
    case 'crypto':
      return 0.1;
  }
}

/** Quotes in a row, each within the limit of the first, that make a jump a new level. */
export const CONFIRMATIONS = 3;

export interface GuardLimits {
  /** Largest move of the mid from the last good quote, as a fraction (0.03 = 3%). */
  maxJump: number;
  /** How far a provider's stamp may be from our clock, either way, ms. */
  maxClockSkewMs: number;
}

/** Bid and ask in integer points. */
export interface Book {
  bid?: number | undefined;
  ask?: number | undefined;
}

export type Verdict =
  | { ok: true; bid: number; ask: number; newLevel: boolean }
  | { ok: false; reason: DropReason }
  /** The provider's book has one side or none: nothing to quote, nothing wrong. */
  | { ok: false; reason: 'one_sided' };

/**
 * One instrument's top of book as the provider states it, and the checks a new state must
 * pass before it is shown: in time, not crossed, not absurdly wide, not an absurd jump from
 * the last good quote (unless CONFIRMATIONS quotes in a row agree on the new level).
 */
export class QuoteGuard {
  /** The provider's book: every well-formed, in-time update applied, good or not. */
  book: Book = {};
  /** The last quote shown (or the saved one the feed starts from). */
  last: { bid: number; ask: number } | undefined;
  /** The provider's time of the last update applied. */
  lastProviderTime = -Infinity;
  private suspect: { mid: number; count: number } | undefined;

  constructor(
    private readonly limits: GuardLimits,
    reference?: { bid: number; ask: number },
  ) {
    if (!(limits.maxJump > 0 && limits.maxJump <= 10)) throw new RangeError(`maxJump: ${limits.maxJump}`);
    this.last =
      reference && reference.bid > 0 && reference.ask >= reference.bid ? { ...reference } : undefined;
  }

  /** Whether an update stamped `providerTime` (ours: `receivedAt`) may be applied. */
  checkTime(providerTime: number, receivedAt: number): DropReason | undefined {
    if (providerTime > receivedAt + this.limits.maxClockSkewMs) return 'future';
    if (providerTime < receivedAt - this.limits.maxClockSkewMs) return 'late';
    if (providerTime < this.lastProviderTime) return 'out_of_order';
    return undefined;
  }

  /** Applies the provider's new book (already well-formed and in time) and judges it. */
  apply(book: Book, providerTime: number): Verdict {
    this.book = { bid: book.bid, ask: book.ask };
    this.lastProviderTime = Math.max(this.lastProviderTime, providerTime);
    const { bid, ask } = this.book;
    if (bid === undefined || ask === undefined) return { ok: false, reason: 'one_sided' };
    if (bid > ask) return { ok: false, reason: 'crossed' };
    const mid = (bid + ask) / 2;
    if ((ask - bid) / mid > this.limits.maxJump) return { ok: false, reason: 'wide' };
    let newLevel = false;
    if (this.last) {
      const lastMid = (this.last.bid + this.last.ask) / 2;
      if (Math.abs(mid / lastMid - 1) > this.limits.maxJump) {
        const s = this.suspect;
        this.suspect =
          s && Math.abs(mid / s.mid - 1) <= this.limits.maxJump
            ? { mid: s.mid, count: s.count + 1 }
            : { mid, count: 1 };
        if (this.suspect.count < CONFIRMATIONS) return { ok: false, reason: 'jump' };
        newLevel = true;
      }
    }
    this.suspect = undefined;
    this.last = { bid, ask };
    return { ok: true, bid, ask, newLevel };
  }

  /** A new session: the provider's book is gone until its snapshot; the last good quote stays. */
  resetBook(): void {
    this.book = {};
    this.lastProviderTime = -Infinity;
    this.suspect = undefined;
  }
}
