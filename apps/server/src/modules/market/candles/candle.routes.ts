import { abbreviatedKlineEndpoint, klineEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/route.js';
import type { CandleService } from './candle.service.js';

export function registerCandleRoutes(app: FastifyInstance, candles: CandleService): void {
  registerEndpoint(app, klineEndpoint, (input) => candles.kline(input.forex_id, input.period, input.limit));
  registerEndpoint(app, abbreviatedKlineEndpoint, (input) => candles.sparklines(input.forex_id));
}
