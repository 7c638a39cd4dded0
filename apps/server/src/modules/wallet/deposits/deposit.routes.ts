import {
  cardSubmitEndpoint,
  CHARGE_RECORDS_ALL,
  ChargeType,
  chargeRecordsEndpoint,
  chargeSubmitEndpoint,
  fromMicros,
  PAGE_SIZE,
  wireSubmitEndpoint,
  type ChargeRecord,
  type Lang,
} from '@pipwise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOf } from '../../../http/auth-hook.js';
import { idempotencyKey } from '../../../http/idempotency-key.js';
import { formatMarketTime } from '../../../http/market-time.js';
import { registerEndpoint, Success } from '../../../http/route.js';
import { uploadUrl } from '../../uploads/index.js';
import type { DepositRow } from './deposit.repository.js';
import type { DepositService } from './deposit.service.js';

export function registerDepositRoutes(app: FastifyInstance, deposits: DepositService): void {
  const dto = (lang: Lang, row: DepositRow & { proof_name?: string }): ChargeRecord => ({
    id: Number(row.id),
    number: row.number,
    type: row.type,
    currency_code: row.currency_code,
    protocol_code: row.protocol_code,
    status: row.status,
    status_name: app.t(lang, `deposit_status.s${row.status}`),
    created_at: formatMarketTime(row.created_at),
    created_at_ms: Number(row.created_at),
    remark: row.remark,
    credited: fromMicros(row.credited).toNumber(),
    proof_img: row.proof_name ? uploadUrl(row.proof_name) : '',
  });

  const declared = async (request: FastifyRequest, row: Promise<DepositRow>) =>
    new Success(dto(request.lang, await row), 'funds_result.deposit_submitted');

  registerEndpoint(app, chargeRecordsEndpoint, async ({ type, page }, request) => {
    const { rows, total } = await deposits.records(
      sessionOf(request).userId,
      type === CHARGE_RECORDS_ALL ? null : type,
      page,
      PAGE_SIZE,
    );
    return { data: rows.map((row) => dto(request.lang, row)), total };
  });

  registerEndpoint(app, chargeSubmitEndpoint, (input, request) =>
    declared(
      request,
      deposits.declare(
        sessionOf(request).userId,
        {
          type: ChargeType.Coin,
          channelId: input.charge_id,
          number: input.number,
          proofUrl: input.proofImg,
          address: input.address,
        },
        idempotencyKey(request),
      ),
    ),
  );

  registerEndpoint(app, wireSubmitEndpoint, (input, request) =>
    declared(
      request,
      deposits.declare(
        sessionOf(request).userId,
        { type: ChargeType.Wire, channelId: input.wire_id, number: input.number, proofUrl: input.proofImg },
        idempotencyKey(request),
      ),
    ),
  );

  registerEndpoint(app, cardSubmitEndpoint, (input, request) =>
    declared(
      request,
      deposits.declare(
        sessionOf(request).userId,
        { type: ChargeType.Card, channelId: input.card_id, number: input.number, proofUrl: input.proofImg },
        idempotencyKey(request),
      ),
    ),
  );
}
