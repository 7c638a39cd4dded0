import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Headers a proxy adds when it forwards someone else's request. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6 (::ffff:127.x.x.x). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * Who may read /metrics (docs/architecture.md "Health, readiness and metrics"). With
 * METRICS_TOKEN set: whoever sends `Authorization: Bearer <token>` (compared in constant
 * time). Without it: only a scraper on this host — a direct loopback connection without
 * forwarding headers, as a balancer or proxy on the same host adds them.
 */
export function metricsAccess(token: string): (request: FastifyRequest) => boolean {
  if (token !== '') {
    const expected = digest(token);
    return (request) => {
      const header = request.headers.authorization;
      if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
      // Digests of equal length: the comparison takes the same time whatever was sent.
      return timingSafeEqual(digest(header.slice(7).trim()), expected);
    };
  }
  return (request) =>
    isLoopback(request.socket.remoteAddress) &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}
