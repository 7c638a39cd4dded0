import { categoriesEndpoint, ResultCode, tradeListEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/app-error.js';
import { registerEndpoint, SerializedEnvelope } from '../../http/route.js';
import { instrumentLogo } from './logo.js';
import type { MarketService } from './market.service.js';

export function registerMarketRoutes(app: FastifyInstance, market: MarketService): void {
  // The whole board is the same for everyone until the next tick: serialised once per tick
  // (or edit), not once per request.
  let board: SerializedEnvelope | undefined;
  const forget = () => (board = undefined);
  market.events.on('quotes', forget);
  market.events.on('config', forget);

  registerEndpoint(app, tradeListEndpoint, (input, request) => {
    if (input.searchCurrency === undefined && input.category_id === undefined)
      return (board ??= SerializedEnvelope.of(market.tradeList({})));
    return market.tradeList(
      { search: input.searchCurrency, categoryId: input.category_id },
      { lang: request.lang, t: app.t },
    );
  });

  registerEndpoint(app, categoriesEndpoint, (_input, request) => market.categoryList(request.lang, app.t));

  app.get<{ Params: { file: string } }>('/static/logo/:file', async (request, reply) => {
    const code = /^([A-Za-z0-9]{2,20})\.svg$/.exec(request.params.file)?.[1];
    const inst = code ? market.instrumentByCode(code) : undefined;
    if (!inst) throw new AppError(ResultCode.NotFound, 'errors.not_found', {}, 404);
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(instrumentLogo(inst));
  });
}
