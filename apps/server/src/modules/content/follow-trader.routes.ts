import { followListEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/route.js';
import type { FollowTraderService } from './follow-trader.service.js';

export function registerFollowTraderRoutes(app: FastifyInstance, traders: FollowTraderService): void {
  registerEndpoint(app, followListEndpoint, () => traders.list());
}
