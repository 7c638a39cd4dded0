import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';

/** Sessions last 30 days from login; logout or freezing the user ends them at once. */
const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export interface SessionUser {
  userId: number;
  isDemo: boolean;
}

/** Tokens are 256 random bits; only their SHA-256 is stored, so a database leak is no login. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Opens a session and returns its token (the only time the token exists in clear). */
  async create(userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: hashToken(token),
        created_at: now,
        expires_at: now + SESSION_TTL_MS,
      })
      .execute();
    return token;
  }

  /** The user behind a token, or null when it is unknown, expired, revoked or frozen. */
  async resolve(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 512) return null;
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'users.id as userId',
        'users.is_demo as isDemo',
        'users.status as status',
        'sessions.expires_at as expiresAt',
        'sessions.revoked_at as revokedAt',
      ])
      .where('sessions.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row || row.revokedAt !== null || row.expiresAt <= this.now() || row.status !== 'active') return null;
    return { userId: Number(row.userId), isDemo: row.isDemo === 1 };
  }

  async revoke(token: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.now() })
      .where('token_hash', '=', hashToken(token))
      .where('revoked_at', 'is', null)
      .execute();
  }
}
