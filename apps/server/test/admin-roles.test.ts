import { operatorMayCall, ResultCode, type Endpoint } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUserWithSession, DIALECTS, type TestApp } from './helper.js';
import { ADMIN_ENDPOINTS, adminClient, auditCount, createOperator, ROLES } from './admin-fixtures.js';
import { buildScenarios, type Scenario } from './admin-scenarios.js';

/**
 * The role × endpoint matrix (issue 9), walked over every endpoint of the contract under
 * /api/admin/ (enumerated from its exports): no session and a trader's session get code
 * 999; each operator role either may call it — then it succeeds, or fails on a business
 * rule, never on access — or gets the forbidden envelope and changes nothing.
 */

describe('every admin endpoint says who may call it', () => {
  it('lives under /api/admin/, takes no trader session, and names its roles (all but the login)', () => {
    expect(ADMIN_ENDPOINTS.length).toBeGreaterThanOrEqual(50);
    for (const { name, endpoint } of ADMIN_ENDPOINTS) {
      expect(endpoint.auth, name).toBe(false);
      if (endpoint.path === '/api/admin/auth/login') expect(endpoint.operator, name).toBeUndefined();
      else expect(Array.isArray(endpoint.operator), name).toBe(true);
    }
  });
});

const GUARDED = ADMIN_ENDPOINTS.filter((e) => e.endpoint.operator !== undefined);

describe.each(DIALECTS)('the role matrix (%s)', (dialect) => {
  let t: TestApp;
  let scenarios: Record<string, Scenario>;
  let traderToken: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    scenarios = await buildScenarios(t);
    traderToken = (await createUserWithSession(t.services)).token;
  });
  afterAll(async () => t.close());

  it('has a scenario for every endpoint', () => {
    for (const { endpoint } of GUARDED) expect(scenarios[endpoint.path], endpoint.path).toBeDefined();
  });

  it.each(GUARDED.map((e) => [`${e.endpoint.method} ${e.endpoint.path}`, e.endpoint] as const))(
    '%s',
    async (_name, endpoint: Endpoint) => {
      const api = adminClient(t.app);
      const scenario = scenarios[endpoint.path]!;
      for (const [who, token] of [
        ['anonymous', undefined],
        ['a trader', traderToken],
      ] as const) {
        const before = await auditCount(t.services);
        const { input } = await scenario.ok(await createOperator(t.services, 'admin'));
        const answer = await api.call(endpoint, input, token ? { token } : {});
        await scenario.after?.();
        expect(answer.code, `${who}: ${answer.body}`).toBe(ResultCode.SessionExpired);
        expect(answer.msg).toBe('Please log in to the back office');
        expect(await auditCount(t.services)).toBe(before);
      }
      for (const role of ROLES) {
        const caller = await createOperator(t.services, role);
        const { input, token } = await scenario.ok(caller);
        const before = await auditCount(t.services);
        const answer = await api.call(endpoint, input, { token: token ?? caller.token });
        await scenario.after?.();
        expect(answer.status, `${role}: ${answer.body}`).toBeLessThan(500);
        if (operatorMayCall(role, endpoint.operator ?? [])) {
          expect(
            [ResultCode.SessionExpired, ResultCode.Forbidden, ResultCode.Internal],
            `${role}: ${answer.body}`,
          ).not.toContain(answer.code);
          // The one endpoint allowed to answer "not found": an image of no use the role may see.
          // A report's CSV file answers bytes, not an envelope (docs/reports.md).
          if (endpoint.path.endsWith('.csv'))
            expect(answer.headers['content-type'], role).toMatch(/^text\/csv/);
          else if (endpoint.path !== '/api/admin/image')
            expect(answer.code, `${role}: ${answer.body}`).toBe(1);
        } else {
          expect(answer, role).toMatchObject({
            code: ResultCode.Forbidden,
            msg: 'Your role does not allow this action',
            data: null,
          });
          expect(await auditCount(t.services)).toBe(before);
        }
      }
    },
  );
});
