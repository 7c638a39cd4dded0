import type { OperatorRole } from '@pipwise/shared';

/** The logged-in trader behind a request or a socket (set by http/auth-hook.ts). */
export interface SessionUser {
  userId: number;
  isDemo: boolean;
  /** The session row, so a socket knows which login it holds (docs/api.md "Live socket"). */
  sessionId: number;
}

/** Who answers "which trader holds this token?" (the auth module's sessions). */
export interface SessionResolver {
  resolve(token: string | undefined): Promise<SessionUser | null>;
}

/**
 * Asks a session that has not proved its trader is there recently (a sign-in or a step-up)
 * to do so before money leaves the account (docs/passkeys.md "Step-up before a withdrawal").
 */
export interface StepUpGate {
  assertRecent(sessionId: number): Promise<void>;
}

/** The logged-in operator of a back-office request. */
export interface OperatorPrincipal {
  operatorId: number;
  sessionId: number;
  email: string;
  role: OperatorRole;
  /**
   * Must replace a password they were given before anything else (docs/api.md "Back office
   * API", first use).
   */
  mustChangePassword: boolean;
  /** Must turn on two-factor before anything else (first use). */
  totpSetupRequired: boolean;
}
