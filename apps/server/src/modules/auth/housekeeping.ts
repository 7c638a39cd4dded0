import type { Db } from '../../core/db/database.js';
import { deleteExpiredCaptchas } from './captcha.repository.js';
import { deleteCodesExpiredBefore } from './code.repository.js';
import { deleteExpiredChallenges } from './passkey.repository.js';
import { deleteEndedSessions } from './session.repository.js';
import type { Throttle } from './throttle.js';

/** How long used or expired codes and ended sessions are kept, for support questions. */
const KEEP_MS = 7 * 24 * 3600 * 1000;
const EVERY_MS = 3600 * 1000;

/**
 * Hourly clean-up of what only grows: rate-limit hits past their window, verification
 * codes, captchas and passkey challenges long expired, sessions ended a week ago. Nothing here holds money.
 */
export function startHousekeeping(
  db: Db,
  throttle: Throttle,
  now: () => number,
  onError: (err: unknown) => void,
): () => void {
  const run = async () => {
    const cutoff = now() - KEEP_MS;
    await throttle.prune();
    await deleteCodesExpiredBefore(db, cutoff);
    await deleteExpiredCaptchas(db, now());
    await deleteExpiredChallenges(db, now());
    await deleteEndedSessions(db, cutoff);
  };
  const timer = setInterval(() => void run().catch(onError), EVERY_MS);
  timer.unref();
  void run().catch(onError);
  return () => clearInterval(timer);
}
