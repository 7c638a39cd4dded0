import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Db } from '../../db/database.js';
import * as repo from './session.repository.js';

/** Sessions last 30 days from login; logout, a password reset or change, or freezing end them. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export interface SessionUser {
  userId: number;
  isDemo: boolean;
  /** The session row, so a socket knows which login it holds (docs/api.md "Live socket"). */
  sessionId: number;
}

/**
 * Sessions of one user that just ended: the ids, or `all` when every session of the user
 * is over (also when the user was frozen, whose sessions stay in the table but open nothing).
 */
export interface SessionRevocation {
  userId: number;
  sessionIds: readonly number[] | 'all';
  /** Made by another instance and relayed here (so it is not relayed back). */
  remote?: boolean;
}

export interface SessionEvents {
  /** Emitted after the change is committed; the socket hub logs those sockets out. */
  revoked: [SessionRevocation];
}

/** Tokens are 256 random bits; only their SHA-256 is stored, so a database leak is no login. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class SessionService {
  /** Revocations made by this process. Other instances' are caught by `liveIds` (hub backstop). */
  readonly events = new EventEmitter<SessionEvents>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Opens a session and returns its token (the only time the token exists in clear). */
  async create(userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await repo.insertSession(this.db, {
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: now + SESSION_TTL_MS,
    });
    return token;
  }

  /** The user behind a token, or null when it is unknown, expired, revoked or frozen. */
  async resolve(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 512) return null;
    const row = await repo.findSessionByTokenHash(this.db, hashToken(token));
    if (!row || row.revokedAt !== null || row.expiresAt <= this.now() || row.status !== 'active') return null;
    return { userId: Number(row.userId), isDemo: row.isDemo === 1, sessionId: Number(row.sessionId) };
  }

  /** Logout: ends the session of this token. */
  async revoke(token: string): Promise<void> {
    const row = await repo.revokeSessionByTokenHash(this.db, hashToken(token), this.now());
    if (row) this.announce({ userId: Number(row.user_id), sessionIds: [Number(row.id)] });
  }

  /**
   * Ends a user's sessions (all, or all but `exceptId`) inside the caller's transaction.
   * Hand the result to `announce` once that transaction has committed.
   */
  async endUserSessions(trx: Db, userId: number, exceptId?: number): Promise<SessionRevocation> {
    const sessionIds = await repo.revokeUserSessions(trx, userId, this.now(), exceptId);
    return { userId, sessionIds };
  }

  /**
   * Ends every session of a user on its own, e.g. when an operator freezes the user: their
   * sockets are logged out at once rather than at the next periodic check.
   */
  async endAllSessions(userId: number): Promise<void> {
    await repo.revokeUserSessions(this.db, userId, this.now());
    this.announce({ userId, sessionIds: 'all' });
  }

  /** Tells listeners (the socket hub) that sessions ended; call after the commit. */
  announce(revocation: SessionRevocation): void {
    if (revocation.sessionIds !== 'all' && revocation.sessionIds.length === 0) return;
    this.events.emit('revoked', revocation);
  }

  /** Of these session ids, the ones that still open the door (batched, for the hub's backstop). */
  async liveIds(ids: readonly number[]): Promise<Set<number>> {
    return new Set(await repo.liveSessionIds(this.db, ids, this.now()));
  }

  /** When the user's newest session was opened (demo device resumes are bounded by it). */
  latestStart(userId: number): Promise<number | undefined> {
    return repo.latestSessionStart(this.db, userId);
  }
}
