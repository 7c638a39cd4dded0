import {
  cardInfoEndpoint,
  chargeInfoEndpoint,
  chargeSymbolsEndpoint,
  drawSymbolListEndpoint,
  wireInfoEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/route.js';
import type { ChannelService } from './channel.service.js';

/** The deposit channels and withdraw currencies traders choose from (docs/api.md "Funds"). */
export function registerChannelRoutes(app: FastifyInstance, channels: ChannelService): void {
  registerEndpoint(app, chargeInfoEndpoint, () => channels.coinChannels());
  registerEndpoint(app, chargeSymbolsEndpoint, () => channels.symbols());
  registerEndpoint(app, wireInfoEndpoint, () => channels.wireOptions());
  registerEndpoint(app, cardInfoEndpoint, (_input, request) => channels.cardChannels(request.lang));
  registerEndpoint(app, drawSymbolListEndpoint, ({ type }) => channels.drawCurrencies(type));
}
