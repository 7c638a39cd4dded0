import type { Db } from '../../core/db/database.js';

/** How long this instance trusts a trader's switch it read (docs/statements.md "Trade confirmations"). */
export const CONFIRMATION_SWITCH_TTL_MS = 30_000;

/** Users whose switch is kept at once; past it the longest-known is dropped (and read again). */
const MAX_USERS = 10_000;

export interface ConfirmationSwitchesDeps {
  now: () => number;
  /** Whether the user is a demo account (auth's face); a user's kind never changes. */
  isDemo: (db: Db, userId: number) => Promise<boolean>;
  /** Whether the (real) user turned trade confirmations on (the preferences row). */
  isOn: (db: Db, userId: number) => Promise<boolean>;
  ttlMs?: number;
  maxUsers?: number;
}

/** A user's kind (for good) and, for a real one, their switch as read, trusted until `until`. */
type Known = { demo: true } | { demo: false; on: boolean; until: number };

/**
 * Whether a fill's trader wants its confirmation, as the commit hook of every fill asks it:
 * from memory, not a query per fill. A demo account never has the e-mails (the preferences
 * endpoints are `realOnly`), so once its kind is known it costs nothing again; a real
 * trader's switch is read at most once per `ttlMs`. A save through this instance forgets the
 * user's switch at once (`forget`); a save through another instance of the scaled shape is
 * seen here within `ttlMs` — acceptable for an opt-in e-mail, and cheaper than a message
 * between instances per save (docs/statements.md "Trade confirmations").
 */
export class ConfirmationSwitches {
  private readonly known = new Map<number, Known>();
  /** Moves at every `forget`: a read that began before one may predate the save, and is not kept. */
  private forgets = 0;
  private readonly ttlMs: number;
  private readonly maxUsers: number;

  constructor(private readonly deps: ConfirmationSwitchesDeps) {
    this.ttlMs = deps.ttlMs ?? CONFIRMATION_SWITCH_TTL_MS;
    this.maxUsers = deps.maxUsers ?? MAX_USERS;
  }

  /** Reads what memory does not hold (or holds too long) in `db`: the fill's transaction. */
  async wanted(db: Db, userId: number): Promise<boolean> {
    const now = this.deps.now();
    const known = this.known.get(userId);
    if (known?.demo) return false;
    if (known && known.until > now) return known.on;
    const forgets = this.forgets;
    const demo = known ? false : await this.deps.isDemo(db, userId);
    const on = !demo && (await this.deps.isOn(db, userId));
    if (forgets === this.forgets)
      this.remember(userId, demo ? { demo } : { demo, on, until: now + this.ttlMs });
    return on;
  }

  /** The user changed their switch (through this instance). */
  forget(userId: number): void {
    this.forgets += 1;
    this.known.delete(userId);
  }

  private remember(userId: number, known: Known): void {
    this.known.delete(userId);
    this.known.set(userId, known);
    if (this.known.size > this.maxUsers) this.known.delete(this.known.keys().next().value!);
  }
}
