import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Db } from '../../core/db/database.js';
import * as repo from './session.repository.js';
import type { SessionUser } from '../../core/caller.js';
export type { SessionUser };

/** Sessions last 30 days from login; logout, a password reset or change, or freezing end them. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

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

/** How long a resolved session is trusted without asking the database again. */
const SESSION_CACHE_MS = 30_000;
/** The cache's size; past it the oldest entries go. */
const SESSION_CACHE_MAX = 50_000;

export class SessionService {
  /**
   * Revocations, after their commit: this instance's, and (scaled shape) other instances'
   * relayed by the cluster bridge. The socket hub and the session cache listen.
   */
  readonly events = new EventEmitter<SessionEvents>();
  /**
   * token hash → the session it resolved to, until when (docs/api.md "Accounts and access").
   * Every request needs its session, so the order path does not pay a query for it; a
   * revocation empties the affected entries at once, and anything else that ends a session
   * (a change written straight to the database) is seen within SESSION_CACHE_MS.
   */
  private readonly cache = new Map<string, { user: SessionUser; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.events.on('revoked', ({ userId, sessionIds }) => {
      for (const [hash, entry] of this.cache) {
        if (
          entry.user.userId === userId &&
          (sessionIds === 'all' || sessionIds.includes(entry.user.sessionId))
        )
          this.cache.delete(hash);
      }
    });
  }

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
    const hash = hashToken(token);
    const now = this.now();
    const cached = this.cache.get(hash);
    if (cached && cached.until > now) return cached.user;
    const row = await repo.findSessionByTokenHash(this.db, hash);
    if (!row || row.revokedAt !== null || row.expiresAt <= now || row.status !== 'active') {
      this.cache.delete(hash);
      return null;
    }
    const user = { userId: Number(row.userId), isDemo: row.isDemo === 1, sessionId: Number(row.sessionId) };
    if (this.cache.size >= SESSION_CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(hash, { user, until: Math.min(now + SESSION_CACHE_MS, row.expiresAt) });
    return user;
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
