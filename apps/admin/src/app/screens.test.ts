import { OPERATOR_ROLES, type OperatorProfile, type OperatorRole } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { mayCall } from '@/lib/access';
import { t } from '@/test/english';
import { SCREENS, screenLabel, type ScreenKey } from './screens';

const operator = (role: OperatorRole): OperatorProfile => ({
  id: 1,
  email: `${role}@example.com`,
  name: role,
  role,
  active: 1,
  totp_enabled: 1,
  must_change_password: 0,
  created_at: 0,
  last_login_at: null,
  totp_setup_required: false,
  totp_required: true,
});

const visible = (role: OperatorRole): ScreenKey[] =>
  SCREENS.filter((s) => mayCall(operator(role), s.endpoint)).map((s) => s.key);

/** What each role runs (docs/api.md "Back office API"), as the menu must show it. */
const EXPECTED: Record<OperatorRole, ScreenKey[]> = {
  admin: SCREENS.map((s) => s.key),
  // The executions with the desk: finance marks the unbooked fills handled there.
  // The trading groups (and leverage caps) with the accounts: read, not changed.
  finance: [
    'dashboard',
    'desk',
    'users',
    'deposits',
    'withdrawals',
    'reports',
    'groups',
    'executions',
    'account',
  ],
  support: ['dashboard', 'users', 'identity', 'feedback', 'groups', 'outbox', 'account'],
  content: ['dashboard', 'news', 'announcement', 'traders', 'account'],
};

describe('screens by role', () => {
  it.each(OPERATOR_ROLES)('%s sees exactly the screens of its part of the business', (role) => {
    expect(visible(role)).toEqual(EXPECTED[role]);
  });

  it('every screen is gated by a back-office endpoint that names its roles', () => {
    for (const screen of SCREENS) {
      expect(screen.endpoint.path, screen.key).toMatch(/^\/api\/admin\//);
      expect(Array.isArray(screen.endpoint.operator), screen.key).toBe(true);
    }
    expect(new Set(SCREENS.map((s) => s.path)).size).toBe(SCREENS.length);
  });

  it('names every screen in words, the feeds and the history import from their own texts', () => {
    for (const screen of SCREENS) expect(screenLabel(t, screen.key), screen.key).not.toMatch(/^[a-z_]+\./);
    expect(screenLabel(t, 'feeds')).toBe('Price feeds');
    expect(screenLabel(t, 'history')).toBe('History import');
  });

  it('nobody without a profile sees anything', () => {
    expect(SCREENS.filter((s) => mayCall(null, s.endpoint))).toEqual([]);
  });
});
