import { describe, expect, it } from 'vitest';
import { findRoute, ROUTE_ALIASES, ROUTES } from './routes';

/** Every route of docs/product.md §2, as written there. */
const SPEC_PATHS = [
  '/',
  '/trade',
  '/order',
  '/user',
  '/news',
  '/news/detail',
  '/rank',
  '/feedback',
  '/login',
  '/register',
  '/forgot',
  '/product',
  '/mine/auth',
  '/mine/invite',
  '/mine/email',
  '/mine/announcement',
  '/mine/password',
  '/mine/history',
  '/mine/conditions',
  '/mine/charge',
  '/mine/withdraw',
  '/mine/chat',
  '/mine/system',
  '/mine/wallet',
  '/mine/bank-card-list',
  '/mine/coin-address-list',
  '/mine/withdraw-way',
  '/language',
  // docs/notifications.md: price alerts and the inbox.
  '/alerts',
  '/inbox',
  '/inbox/settings',
  '/inbox/notice',
  // docs/passkeys.md: the trader's passkeys.
  '/mine/passkeys',
];

describe('route registry', () => {
  it('registers every route of the spec, once', () => {
    const paths = Object.values(ROUTES).map((r) => r.path);
    expect([...paths].sort()).toEqual([...SPEC_PATHS].sort());
  });

  it('marks the spec login routes as needing a session', () => {
    expect(findRoute('/order')?.needsLogin).toBe(true);
    expect(findRoute('/user')?.needsLogin).toBe(true);
    expect(findRoute('/mine/charge')?.needsLogin).toBe(true);
    for (const open of ['/', '/trade', '/news', '/rank', '/login', '/language', '/product']) {
      expect(findRoute(open)?.needsLogin, open).toBe(false);
    }
  });

  it('shows the footer on the tab destinations', () => {
    const footer = Object.values(ROUTES)
      .filter((r) => r.showFooter)
      .map((r) => r.path);
    expect(footer.sort()).toEqual(['/', '/news', '/order', '/rank', '/trade']);
  });

  it('sends aliases to registered routes, never over one', () => {
    expect(ROUTE_ALIASES['/mine']).toBe('/user');
    for (const [alias, target] of Object.entries(ROUTE_ALIASES)) {
      expect(findRoute(target), alias).toBeDefined();
      expect(findRoute(alias), alias).toBeUndefined();
    }
  });

  it('finds a route with a trailing slash and nothing for unknown paths', () => {
    expect(findRoute('/news/')?.path).toBe('/news');
    expect(findRoute('/nope')).toBeUndefined();
  });

  it("titles every route by an existing route.* text (or the home title, or its feature's title)", () => {
    for (const r of Object.values(ROUTES))
      expect(r.title).toMatch(
        /^(route\.[a-z_]+|home\.title|alerts\.title|inbox\.title|inbox\.settings|inbox\.notice)$/,
      );
  });

  it('keeps the alerts and the inbox behind a login', () => {
    for (const path of ['/alerts', '/inbox', '/inbox/settings', '/inbox/notice'])
      expect(findRoute(path)?.needsLogin, path).toBe(true);
  });
});
