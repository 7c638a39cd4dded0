/** Invitations: a trader's code and the friends it brought. */
export { registerReferralRoutes } from './referral.routes.js';
export { ReferralService } from './referral.service.js';
