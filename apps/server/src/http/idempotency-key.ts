import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../core/app-error.js';

/** Printable ASCII, as a client's random key (a UUID, a nanoid) is; no NUL, no spaces. */
const IdempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,64}$/)
  .optional();

/**
 * The `Idempotency-Key` header of a call that must not run twice (docs/money.md
 * "Idempotency"), or undefined when the client sent none.
 */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const parsed = IdempotencyKeySchema.safeParse(request.headers['idempotency-key']);
  if (!parsed.success) throw AppError.rule('errors.field_invalid', { field: 'Idempotency-Key' });
  return parsed.data;
}
