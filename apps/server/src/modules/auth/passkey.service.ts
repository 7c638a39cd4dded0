import { randomBytes } from 'node:crypto';
import {
  MAX_PASSKEYS,
  type AuthenticationCredential,
  type LoginResult,
  type Passkey,
  type RegistrationCredentialSchema,
} from '@pipwise/shared';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { z } from 'zod';
import { AppError } from '../../core/app-error.js';
import type { Db } from '../../core/db/database.js';
import { isUniqueViolation } from '../../core/db/unique-violation.js';
import * as repo from './passkey.repository.js';
import type { SessionService } from './session.service.js';
import { LIMITS, type Throttle } from './throttle.js';
import { toUserDto } from './user.dto.js';
import { findUserById } from './user.repository.js';

/** How long a challenge may be answered: the browser's own prompt times out before. */
export const PASSKEY_CHALLENGE_MS = 5 * 60_000;
/** The browser's prompt, in milliseconds. */
const PROMPT_TIMEOUT_MS = 2 * 60_000;
const RP_NAME = 'Pipwise';

/**
 * Who is asking, as WebAuthn sees it: the relying party's id (the site's domain) and the
 * page's origin, which the authenticator signs into its answer (docs/passkeys.md).
 */
export interface RelyingParty {
  rpId: string;
  origin: string;
}

type RegistrationCredential = z.output<typeof RegistrationCredentialSchema>;

/** The WebAuthn user handle of a trader: their id, never their e-mail or phone. */
const userHandleOf = (userId: number) => new TextEncoder().encode(`u${userId}`);

const toPasskey = (row: repo.PasskeyRow): Passkey => ({
  id: Number(row.id),
  name: row.name,
  created_at: Number(row.created_at),
  last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
});

/** Passkeys: registered after a password login, signed in with, listed and removed. */
export class PasskeyService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly throttle: Throttle,
    private readonly now: () => number,
  ) {}

  async registerOptions(userId: number, rp: RelyingParty) {
    const user = await findUserById(this.db, userId);
    if (!user) throw AppError.sessionExpired();
    const held = await repo.listPasskeys(this.db, userId);
    if (held.length >= MAX_PASSKEYS) throw AppError.rule('errors.passkey_limit', { max: MAX_PASSKEYS });
    const account = user.email ?? `+${user.area_code ?? ''} ${user.mobile ?? ''}`.trim();
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.rpId,
      userName: account,
      userDisplayName: account,
      userID: userHandleOf(userId),
      timeout: PROMPT_TIMEOUT_MS,
      attestationType: 'none',
      // The same authenticator twice is refused by the browser itself.
      excludeCredentials: held.map((p) => ({
        id: p.credential_id,
        transports: splitTransports(p.transports),
      })),
      // Discoverable, so that signing in needs no account typed first.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    return { challenge_id: await this.issue(options.challenge, 'register', userId), options: { ...options } };
  }

  async register(
    userId: number,
    rp: RelyingParty,
    input: { challenge_id: string; name: string; credential: RegistrationCredential },
  ): Promise<Passkey> {
    const challenge = await this.take(input.challenge_id, 'register');
    if (!challenge || Number(challenge.user_id) !== userId)
      throw AppError.rule('errors.passkey_challenge_expired');
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: input.credential,
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpId,
        requireUserVerification: false,
      });
    } catch {
      throw AppError.rule('errors.passkey_not_verified');
    }
    if (!verified.verified) throw AppError.rule('errors.passkey_not_verified');
    const { credential } = verified.registrationInfo;
    const row = {
      user_id: userId,
      credential_id: credential.id,
      public_key: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(','),
      name: input.name,
      created_at: this.now(),
    };
    try {
      const id = await this.db.transaction().execute(async (trx) => {
        if ((await repo.countPasskeysLocked(trx, userId)) >= MAX_PASSKEYS)
          throw AppError.rule('errors.passkey_limit', { max: MAX_PASSKEYS });
        return repo.insertPasskey(trx, row);
      });
      return { id, name: row.name, created_at: row.created_at, last_used_at: null };
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.rule('errors.passkey_exists');
      throw err;
    }
  }

  async list(userId: number): Promise<Passkey[]> {
    return (await repo.listPasskeys(this.db, userId)).map(toPasskey);
  }

  async remove(userId: number, id: number): Promise<void> {
    if (!(await repo.deletePasskey(this.db, userId, id))) throw AppError.rule('errors.passkey_not_found');
  }

  /** A challenge for any passkey of this site: the browser offers the trader theirs. */
  async loginOptions(rp: RelyingParty) {
    const options = await generateAuthenticationOptions({
      rpID: rp.rpId,
      timeout: PROMPT_TIMEOUT_MS,
      userVerification: 'preferred',
    });
    return { challenge_id: await this.issue(options.challenge, 'login', null), options: { ...options } };
  }

  /**
   * Signs in with a passkey. Every failure says the same and counts against the address,
   * as a wrong password does; an address locked out by wrong passwords is locked out here too.
   */
  async login(
    rp: RelyingParty,
    input: { challenge_id: string; credential: AuthenticationCredential },
    ip: string,
  ): Promise<LoginResult> {
    const wait = await this.throttle.retryAfter(LIMITS.loginIp, ip);
    if (wait > 0) throw AppError.rule('errors.too_many_attempts', { minutes: Math.ceil(wait / 60_000) });
    const fail = async (key = 'errors.passkey_login_failed') => {
      await this.throttle.hit(LIMITS.loginIp, ip);
      return AppError.rule(key);
    };

    const challenge = await this.take(input.challenge_id, 'login');
    if (!challenge) throw await fail('errors.passkey_challenge_expired');
    const passkey = await repo.findPasskeyByCredential(this.db, input.credential.id);
    const user = passkey && (await findUserById(this.db, Number(passkey.user_id)));
    if (!passkey || !user || user.is_demo === 1) throw await fail();
    if (!(await this.answered(rp, challenge.challenge, passkey, input.credential))) throw await fail();
    if (user.status !== 'active') throw AppError.rule('errors.account_frozen');
    return { token: await this.sessions.create(Number(user.id)), user: toUserDto(user) };
  }

  /**
   * A challenge for a step-up (docs/passkeys.md "Step-up before a withdrawal"): only the
   * caller's own passkeys are offered, and only they can answer it.
   */
  async stepUpOptions(userId: number, rp: RelyingParty) {
    const held = await repo.listPasskeys(this.db, userId);
    if (held.length === 0) throw AppError.rule('errors.passkey_none');
    const options = await generateAuthenticationOptions({
      rpID: rp.rpId,
      timeout: PROMPT_TIMEOUT_MS,
      userVerification: 'preferred',
      allowCredentials: held.map((p) => ({ id: p.credential_id, transports: splitTransports(p.transports) })),
    });
    return { challenge_id: await this.issue(options.challenge, 'step_up', userId), options: { ...options } };
  }

  /**
   * Whether the answer to a step-up challenge is the caller's: the challenge was issued to
   * them and the passkey that signed it is theirs and verifies. The caller counts failures.
   */
  async provesOwner(
    userId: number,
    rp: RelyingParty,
    input: { challenge_id: string; credential: AuthenticationCredential },
  ): Promise<boolean> {
    const challenge = await this.take(input.challenge_id, 'step_up');
    if (!challenge || Number(challenge.user_id) !== userId) return false;
    const passkey = await repo.findPasskeyByCredential(this.db, input.credential.id);
    if (!passkey || Number(passkey.user_id) !== userId) return false;
    return this.answered(rp, challenge.challenge, passkey, input.credential);
  }

  /**
   * Whether `credential` is `passkey`'s signature over `challenge` from one of the app's
   * pages; when it is, the passkey's new counter and use are stored.
   */
  private async answered(
    rp: RelyingParty,
    challenge: string,
    passkey: repo.PasskeyRow,
    credential: AuthenticationCredential,
  ): Promise<boolean> {
    const handle = credential.response.userHandle;
    if (handle !== undefined && handle !== isoBase64URL.fromBuffer(userHandleOf(Number(passkey.user_id))))
      return false;
    const counter = Number(passkey.counter);
    let newCounter: number;
    try {
      const verified = await verifyAuthenticationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpId,
        credential: {
          id: passkey.credential_id,
          publicKey: isoBase64URL.toBuffer(passkey.public_key),
          counter,
          transports: splitTransports(passkey.transports),
        },
        requireUserVerification: false,
      });
      if (!verified.verified) return false;
      newCounter = verified.authenticationInfo.newCounter;
    } catch {
      // The library throws on a wrong origin, RP ID, challenge, signature or a counter that
      // went back (a cloned authenticator).
      return false;
    }
    // Conditional on the counter read: two answers racing with one signature store one use.
    return repo.recordUse(this.db, Number(passkey.id), counter, newCounter, this.now());
  }

  private async issue(
    challenge: string,
    purpose: repo.ChallengePurpose,
    userId: number | null,
  ): Promise<string> {
    const id = randomBytes(16).toString('base64url');
    await repo.insertChallenge(this.db, {
      id,
      challenge,
      purpose,
      user_id: userId,
      expires_at: this.now() + PASSKEY_CHALLENGE_MS,
    });
    return id;
  }

  /** The challenge, used up; undefined when unknown, answered already or expired. */
  private async take(id: string, purpose: repo.ChallengePurpose) {
    const row = await repo.takeChallenge(this.db, id, purpose);
    return row && Number(row.expires_at) > this.now() ? row : undefined;
  }
}

/** The transports kept with a passkey, as WebAuthn lists them (none: the browser tries all). */
function splitTransports(stored: string): string[] | undefined {
  return stored === '' ? undefined : stored.split(',');
}
