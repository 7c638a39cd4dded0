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
      `${p.instrumentId} ${p.side} ${p.lotUnits} ${p.openPrice} ${p.margin} ${p.tp} ${p.sl}`,
    );
  }
  for (const o of account.pendings.values()) {
    facts.set(
      `pending ${o.id}`,
      `${o.instrumentId} ${o.side} ${o.lotUnits} ${o.targetPrice} ${o.kind} ${o.tp} ${o.sl}`,
    );
  }
  for (const [instrumentId, sums] of account.exposures) {
    facts.set(
      `exposure ${instrumentId}`,
      `${sums.buyUnits} ${sums.buyCost} ${sums.sellUnits} ${sums.sellCost} ${sums.count}`,
    );
  }
  return facts;
}

/**
 * Compares the live index with one freshly read from the database. Users for whom
 * `changed` is true moved while the database was read and are skipped. Book sizes are
 * compared only when no trigger is being worked on (a fired entry is out of its book
 * until its work ends).
 */
export function compareIndexes(
  live: EngineIndex,
  fresh: EngineIndex,
  changed: (userId: number) => boolean,
  compareBooks: boolean,
): Drift[] {
  const drift: Drift[] = [];
  const users = new Set([...live.accounts.keys(), ...fresh.accounts.keys()]);
  for (const userId of users) {
    if (changed(userId)) continue;
    const have = describe(live.accounts.get(userId));
    const want = describe(fresh.accounts.get(userId));
    for (const key of new Set([...have.keys(), ...want.keys()])) {
      if (have.get(key) !== want.get(key))
        drift.push({
          userId,
          what: `${key}: index ${have.get(key) ?? '-'}, database ${want.get(key) ?? '-'}`,
        });
    }
  }
  if (compareBooks && drift.length === 0) {
    for (const id of new Set([...live.books.keys(), ...fresh.books.keys()])) {
      const have = live.books.get(id)?.size ?? 0;
      const want = fresh.books.get(id)?.size ?? 0;
      if (have !== want)
        drift.push({ userId: 0, what: `book of instrument ${id}: ${have} entries, database ${want}` });
    }
  }
  return drift;
}
