import type { AccountBook } from './account-book.js';
import type { EngineIndex } from './engine-index.js';

/** One difference between the engine's index and the database. */
export interface Drift {
  userId: number;
  what: string;
}

/** An account book as comparable text: what must match the database exactly. */
function describe(account: AccountBook | undefined): Map<string, string> {
  const facts = new Map<string, string>();
  if (!account) return facts;
  facts.set('balance', String(account.balance));
  facts.set('lock', String(account.lock));
  facts.set('usedMargin', String(account.usedMargin));
  for (const p of account.positions.values()) {
    facts.set(
      `position ${p.id}`,
      `${p.instrumentId} ${p.side} ${p.lotUnits} ${p.openPrice} ${p.margin} ${p.tp} ${p.sl} ${p.groupMarkup} ${p.trailing}`,
    );
  }
  for (const o of account.pendings.values()) {
    facts.set(
      `pending ${o.id}`,
      `${o.instrumentId} ${o.side} ${o.lotUnits} ${o.targetPrice} ${o.kind} ${o.tp} ${o.sl} ${o.groupMarkup}`,
    );
  }
  for (const a of account.alerts.values())
    facts.set(
      `alert ${a.id}`,
      a.kind === 'move'
        ? `${a.instrumentId} move ${a.direction} ${a.window} ${a.hundredths}`
        : `${a.instrumentId} ${a.direction} ${a.level}`,
    );
  for (const [instrumentId, sums] of account.exposures) {
    facts.set(
      `exposure ${instrumentId}`,
      `${sums.buyUnits} ${sums.buyCost} ${sums.sellUnits} ${sums.sellCost} ${sums.count}`,
    );
  }
  return facts;
}

/** What a comparison of the live index with a fresh read of the database found. */
export interface Comparison {
  /** Users the index holds as of the same change as the read, with different facts: it went wrong. */
  drift: Drift[];
  /** Users the read is newer on (an event still on its way, or one that was lost). */
  behind: number[];
}

/**
 * Compares the live index with one freshly read from the database, user by user, by their
 * change sequence (docs/money.md "The engine's memory"): a user the index holds as of a
 * later change than the read (it moved while the database was read) is skipped; one it
 * holds as of an earlier change is behind; one as of the same change must match exactly.
 * Book sizes are compared only when every user was compared as of the same change and no
 * trigger is being worked on (a fired entry is out of its book until its work ends).
 */
export function compareIndexes(live: EngineIndex, fresh: EngineIndex, compareBooks: boolean): Comparison {
  const drift: Drift[] = [];
  const behind: number[] = [];
  let skipped = false;
  const users = new Set([...live.accounts.keys(), ...fresh.accounts.keys()]);
  for (const userId of users) {
    const held = live.seqOf(userId) ?? -1;
    const read = fresh.seqOf(userId) ?? -1;
    const have = describe(live.accounts.get(userId));
    const want = describe(fresh.accounts.get(userId));
    const differences = [...new Set([...have.keys(), ...want.keys()])].filter(
      (k) => have.get(k) !== want.get(k),
    );
    if (held > read) skipped = true;
    else if (differences.length === 0) continue;
    else if (held < read) behind.push(userId);
    else
      for (const key of differences)
        drift.push({
          userId,
          what: `${key}: index ${have.get(key) ?? '-'}, database ${want.get(key) ?? '-'}`,
        });
  }
  if (compareBooks && !skipped && drift.length === 0 && behind.length === 0) {
    for (const id of new Set([...live.books.keys(), ...fresh.books.keys()])) {
      const have = live.books.get(id)?.size ?? 0;
      const want = fresh.books.get(id)?.size ?? 0;
      if (have !== want)
        drift.push({ userId: 0, what: `book of instrument ${id}: ${have} entries, database ${want}` });
    }
  }
  return { drift, behind };
}
