import { adminLoginEndpoint } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { ADMIN_ENDPOINTS, adminClient, auditCount, createOperator } from './admin-fixtures.js';
import { buildScenarios, type Scenario } from './admin-scenarios.js';

/**
 * The audit rules (issue 9): every mutating back-office call — every POST of the contract
 * under /api/admin/ but the login, enumerated from the contract — writes exactly one audit
 * row when it succeeds, in the same transaction as its change, and none when it fails.
 */
const MUTATING = ADMIN_ENDPOINTS.filter(
  (e) => e.endpoint.method === 'POST' && e.endpoint.path !== adminLoginEndpoint.path,
);

describe('the audit rules cover every mutating endpoint', () => {
  it('finds the mutating endpoints in the contract', () => {
    expect(MUTATING.length).toBeGreaterThanOrEqual(30);
  });
});

describe.each(DIALECTS)('the audit log (%s)', (dialect) => {
  let t: TestApp;
  let scenarios: Record<string, Scenario>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    scenarios = await buildScenarios(t);
  });
  afterAll(async () => t.close());

  it('has a success and a failure scenario for every mutating endpoint', () => {
    for (const { endpoint } of MUTATING) {
      expect(scenarios[endpoint.path]?.bad, `${endpoint.path} needs a failing scenario`).toBeDefined();
    }
  });

  it.each(MUTATING.map((e) => [e.endpoint.path, e.endpoint] as const))('%s', async (path, endpoint) => {
    const api = adminClient(t.app);
    const scenario = scenarios[path]!;

    const admin = await createOperator(t.services, 'admin');
    const ok = await scenario.ok(admin);
    const before = await auditCount(t.services);
    const success = await api.call(endpoint, ok.input, {
      token: ok.token ?? admin.token,
      headers: { 'user-agent': 'audit-test/1' },
    });
    await scenario.after?.();
    expect(success.code, `${path}: ${success.msg}`).toBe(1);
    expect(await auditCount(t.services)).toBe(before + 1);
    const row = await t.services.core.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(row.operator_id)).toBe(admin.id);
    expect(row.action).toMatch(/^[a-z_]+\.[a-z_]+$/);
    expect(row.user_agent).toBe('audit-test/1');
    expect(row.ip).toBe('127.0.0.1');

    const failing = await createOperator(t.services, 'admin');
    const bad = await scenario.bad!(failing);
    const beforeBad = await auditCount(t.services);
    const failure = await api.call(endpoint, bad.input, { token: bad.token ?? failing.token });
    await scenario.after?.();
    expect(failure.code, `${path} must fail: ${failure.msg}`).not.toBe(1);
    expect(failure.status).toBeLessThan(500);
    expect(await auditCount(t.services)).toBe(beforeBad);
  });
});
