import type { SessionId } from 'jspurefix';
import type { Db } from '../../../core/db/database.js';
import type { SequenceMedium } from '../fix/seq-store.js';

/**
 * FIX sequence numbers in `fix_sequences` (the scaled shape, docs/market-data.md "In the
 * scaled shape"): one row per slot and session, so the instance that becomes the engine
 * resumes each provider session where the last engine stopped. `slot` keeps two slots with
 * the same comp ids apart (a backup provider that names us the same).
 *
 * A change of the expected incoming number is written at most every 250 ms: quotes come
 * many times a second, and one lost in a crash only costs a resend request.
 */
export function databaseSequences(db: Db, slot: string, now: () => number): SequenceMedium {
  const keyOf = (session: SessionId) => `${slot}/${session.toString()}`;
  return {
    targetDelayMs: 250,
    async read(session) {
      const row = await db
        .selectFrom('fix_sequences')
        .select(['sender_seq', 'target_seq'])
        .where('session_key', '=', keyOf(session))
        .executeTakeFirst();
      if (!row) return undefined;
      const [sender, target] = [Number(row.sender_seq), Number(row.target_seq)];
      return sender >= 1 && target >= 1 ? { sender, target } : undefined;
    },
    async write(session, { sender, target }) {
      const values = { sender_seq: sender, target_seq: target, updated_at: now() };
      await db
        .insertInto('fix_sequences')
        .values({ session_key: keyOf(session), ...values })
        .onConflict((oc) => oc.column('session_key').doUpdateSet(values))
        .execute();
    },
  };
}
