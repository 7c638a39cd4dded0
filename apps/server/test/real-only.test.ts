import * as contract from '@pipwise/shared';
import type { Endpoint } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUserWithSession, DIALECTS, envelope, type TestApp } from './helper.js';

/**
 * Real-money features refuse demo users (docs/product.md §6, issue 8): every endpoint of the contract
 * flagged `realOnly` answers a demo session with code 2003 and the spec's message. The list
 * comes from the contract's exports, so a new endpoint is walked without touching this file.
 */

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'input' in value
  );
}

const EXPORTS: unknown[] = Object.values(contract);
const ENDPOINTS = [
  ...new Map(EXPORTS.filter(isEndpoint).map((e) => [`${e.method} ${e.path}`, e] as const)).values(),
];
const REAL_ONLY = ENDPOINTS.filter((e) => e.realOnly);

/** Paths of the funds, identity and invite calls: each of them must carry the flag. */
const REAL_MONEY_PATHS = [
  /^\/api\/quickCharge\//,
  /^\/api\/account\/(draw|draw_list|draw_symbol_list|withdrawable)$/,
  /^\/api\/wallet\//,
  /^\/api\/common\/image_upload$/,
  /^\/api\/user_real\//,
  /^\/api\/user\/invite_info$/,
];

describe('the real-only flag', () => {
  it('is set on every funds, identity and invite endpoint, each of which needs a session', () => {
    const realMoney = ENDPOINTS.filter((e) => REAL_MONEY_PATHS.some((p) => p.test(e.path)));
    expect(realMoney.length).toBeGreaterThanOrEqual(19);
    for (const e of realMoney) expect(e.realOnly, `${e.method} ${e.path}`).toBe(true);
    for (const e of REAL_ONLY) expect(e.auth, `${e.method} ${e.path}`).toBe(true);
  });
});

describe.each(DIALECTS)('demo users on real-only endpoints (%s)', (dialect) => {
  let t: TestApp;
  let demo: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ token: demo } = await createUserWithSession(t.services, { is_demo: 1 }));
  });
  afterAll(async () => t.close());

  it.each(REAL_ONLY.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s answers 2003',
    async (_name, endpoint) => {
      const res = await t.app.inject({
        method: endpoint.method,
        url: endpoint.path,
        headers: {
          lang: 'en',
          authorization: demo,
          ...(endpoint.method === 'GET' ? {} : { 'content-type': 'application/json' }),
        },
        ...(endpoint.method === 'GET' ? {} : { payload: '{}' }),
      });
      expect(envelope(res)).toEqual({
        code: 2003,
        msg: 'Please register or log in to a real account',
        data: null,
      });
    },
  );
});
