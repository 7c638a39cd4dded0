/**
 * Back-office operators (docs/api.md "Back office API"). `admin` may do everything; the
 * other roles each run one part of the business:
 * - finance: deposits, withdrawals, balance adjustments (and the users they concern);
 * - support: users (view, freeze), identity review, the e-mail/SMS outbox, the feedback queue;
 * - content: news, the announcement, the follow-trader ranking.
 */
export const OPERATOR_ROLES = ['admin', 'finance', 'support', 'content'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** 10 to 64 characters with at least one letter and one digit (operators guard money). */
export const OPERATOR_PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{10,64}$/;

/**
 * Whether an operator of `role` may call an endpoint open to `allowed` (the endpoint's
 * `operator` list): admin always, any other role when listed. The server's hook and the
 * admin app's menus ask the same question.
 */
export function operatorMayCall(role: OperatorRole, allowed: readonly OperatorRole[]): boolean {
  return role === 'admin' || allowed.includes(role);
}
