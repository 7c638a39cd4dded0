import { inviteInfoEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../http/auth-hook.js';
import { registerEndpoint } from '../../http/route.js';
import type { ReferralService } from './referral.service.js';

export function registerReferralRoutes(app: FastifyInstance, referrals: ReferralService): void {
  registerEndpoint(app, inviteInfoEndpoint, (_input, request) =>
    referrals.inviteInfo(sessionOf(request).userId),
  );
}
