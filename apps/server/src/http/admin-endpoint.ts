/**
 * The back office's endpoints (docs/api.md "Back office API"): how a module registers one.
 * The operator check itself runs in the admin plugin's hook (modules/admin/operator-guard.ts).
 */
import { ResultCode, type Endpoint, type EndpointOutput, type OperatorRole } from '@pipwise/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../core/app-error.js';
import { ok } from './envelope.js';
import { Success } from './route.js';
import { parseInput } from './validation.js';
import { AuditScope } from '../core/audit/audit.js';
import type { OperatorPrincipal } from '../core/caller.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call a back-office route: the endpoint's `operator` roles (admin always), or
     * `public` for the login. Every route of the back-office plugin must say (checked when
     * it is registered).
     */
    operatorAccess?: 'public' | readonly OperatorRole[];
  }
  interface FastifyRequest {
    /** The logged-in operator of a back-office route (set by its hook). */
    operator: OperatorPrincipal | null;
  }
}

/** What a back-office handler gets besides its input. */
export interface AdminCall {
  operator: OperatorPrincipal;
  /** The audit of this request: hand `audit.write` to the service making the change. */
  audit: AuditScope;
  request: FastifyRequest;
}

type Result<E extends Endpoint> = EndpointOutput<E> | Success<EndpointOutput<E>>;

/** Refuses, when the plugin is built, a route that does not say who may call it. */
export function requireOperatorAccess(route: {
  method: string | string[];
  url: string;
  config?: unknown;
}): void {
  const config = route.config as { operatorAccess?: unknown } | undefined;
  if (config?.operatorAccess === undefined) {
    throw new Error(
      `back-office route ${String(route.method)} ${route.url} does not name its operator roles`,
    );
  }
}

function callOf(request: FastifyRequest, now: () => number): AdminCall {
  const operator = request.operator;
  if (!operator) throw new AppError(ResultCode.SessionExpired, 'errors.admin_session_expired');
  const audit = new AuditScope(
    {
      operatorId: operator.operatorId,
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? ''),
    },
    now,
  );
  return { operator, audit, request };
}

function roles(endpoint: Endpoint): readonly OperatorRole[] {
  if (!endpoint.path.startsWith('/api/admin/')) throw new Error(`${endpoint.path} is not a back-office path`);
  if (endpoint.auth) throw new Error(`${endpoint.path}: back-office endpoints take no trader session`);
  if (!endpoint.operator) throw new Error(`${endpoint.path} does not name its operator roles`);
  return endpoint.operator;
}

/** A route's own settings, where it differs from every other back-office route. */
export interface AdminRouteOptions {
  /**
   * The largest body, bytes, instead of the server's 64 KiB (http/body-limits.ts): the
   * history import takes a whole file as JSON.
   */
  bodyLimit?: number;
}

/**
 * Registers a back-office endpoint of the contract: the hook has checked the operator;
 * the input is validated with the endpoint's schema and the result wrapped in the
 * envelope. A successful POST must have written exactly one audit row (in its transaction):
 * anything else is a fault of ours, logged loudly (tests enumerate every POST for it).
 */
export function registerAdminEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  now: () => number,
  handler: (input: z.output<E['input']>, call: AdminCall) => Promise<Result<E>> | Result<E>,
  options: AdminRouteOptions = {},
): void {
  const operatorAccess = roles(endpoint);
  const fromQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    config: { auth: false, operatorAccess },
    handler: async (request) => {
      const input = parseInput<E['input']>(endpoint.input, fromQuery ? request.query : request.body);
      const call = callOf(request, now);
      const result = await handler(input, call);
      if (endpoint.method === 'POST' && !call.audit.complete) {
        request.log.error(
          { path: endpoint.path, rows: call.audit.written },
          'back-office change without exactly one audit row',
        );
      }
      return result instanceof Success
        ? ok(result.data, app.t(request.lang, result.msgKey, result.vars))
        : ok(result);
    },
  });
}

/** The login: the one back-office route open without an operator session. */
export function registerAdminPublicEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: z.output<E['input']>, request: FastifyRequest) => Promise<Result<E>>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { auth: false, operatorAccess: 'public' },
    handler: async (request) => {
      const input = parseInput<E['input']>(endpoint.input, request.body);
      const result = await handler(input, request);
      return result instanceof Success
        ? ok(result.data, app.t(request.lang, result.msgKey, result.vars))
        : ok(result);
    },
  });
}

/** A back-office route that answers bytes (private images), guarded like the others. */
export function registerAdminBinaryRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: z.output<E['input']>, call: AdminCall, reply: FastifyReply) => Promise<FastifyReply>,
  now: () => number,
): void {
  const operatorAccess = roles(endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { auth: false, operatorAccess },
    handler: async (request, reply) => {
      const input = parseInput<E['input']>(endpoint.input, request.query);
      return handler(input, callOf(request, now), reply);
    },
  });
}
