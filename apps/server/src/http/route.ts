import type { Endpoint, EndpointOutput } from '@pipwise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ok } from './envelope.js';
import type { Translator } from '../core/i18n.js';
import { parseInput } from './validation.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs a logged-in session; the auth hook answers 999 without one. */
    auth?: boolean;
    /** Demo users are refused with "please register or log in to a real account". */
    realOnly?: boolean;
  }
  interface FastifyInstance {
    t: Translator;
  }
}

/** A result with a success message for the client to show as a toast (docs/product.md §8). */
export class Success<T> {
  constructor(
    readonly data: T,
    readonly msgKey: string,
    readonly vars: Record<string, unknown> = {},
  ) {}
}

/** The result of a change, answered with its translated message (a decision, a save). */
export async function withMessage<T>(work: Promise<T>, msgKey: string): Promise<Success<T>> {
  return new Success(await work, msgKey);
}

/**
 * A success answer already serialised as the whole envelope's JSON: for answers that are
 * the same for every caller between two ticks (the board), built once, sent many times.
 */
export class SerializedEnvelope {
  constructor(readonly json: string) {}

  static of(data: unknown): SerializedEnvelope {
    return new SerializedEnvelope(JSON.stringify(ok(data)));
  }
}

export type EndpointHandler<E extends Endpoint> = (
  input: z.output<E['input']>,
  request: FastifyRequest,
) =>
  | Promise<EndpointOutput<E> | Success<EndpointOutput<E>> | SerializedEnvelope>
  | EndpointOutput<E>
  | Success<EndpointOutput<E>>
  | SerializedEnvelope;

/**
 * Registers one endpoint of `packages/shared`: reads its input from the query (GET,
 * DELETE) or the body (form, multipart or JSON), validates it with the endpoint's schema,
 * and wraps the result in the envelope.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  /** Calls per address and window, for open calls that store something (a challenge). */
  options: { rateLimit?: { max: number; timeWindow: number } } = {},
): void {
  const fromQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { auth: endpoint.auth, realOnly: endpoint.realOnly ?? false },
    // The limiter is registered with `global: false`: a route opts in with its own check.
    ...(options.rateLimit ? { preHandler: app.rateLimit(options.rateLimit) } : {}),
    handler: async (request, reply) => {
      const input = parseInput<E['input']>(endpoint.input, fromQuery ? request.query : request.body);
      const result = await handler(input, request);
      if (result instanceof SerializedEnvelope)
        return reply.type('application/json; charset=utf-8').send(result.json);
      if (result instanceof Success) {
        return ok(result.data, app.t(request.lang, result.msgKey, result.vars));
      }
      return ok(result);
    },
  });
}
