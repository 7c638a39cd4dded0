// @vitest-environment jsdom
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '@/config/routes';
import { clearSession, setSession } from '@/lib/session';
import { mountRoot } from '@/test/react-root';
import { RouteGuard } from './route-guard';

/** Where the router is, and which page it shows. */
function Page({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  return <p data-page={name}>{pathname + search}</p>;
}

const guarded = (route: RouteDef, name: string) => ({
  path: route.path,
  element: (
    <RouteGuard route={route}>
      <Page name={name} />
    </RouteGuard>
  ),
});

const view = mountRoot();
afterEach(() => clearSession());

/** Opens `url` in a fresh app: which page shows, and at which address. */
function open(url: string) {
  view.remount();
  const router = createMemoryRouter(
    [
      { path: '/', element: <Page name="home" /> },
      guarded(ROUTES.login, 'login'),
      guarded(ROUTES.register, 'register'),
      guarded(ROUTES.order, 'order'),
    ],
    { initialEntries: [url] },
  );
  view.render(<RouterProvider router={router} />);
  const shown = view.container.querySelector('[data-page]');
  return { page: shown?.getAttribute('data-page'), at: shown?.textContent };
}

describe('the access pages for a signed-in trader', () => {
  it('sends a real account from /login to home instead of the form', () => {
    setSession({ token: 't', user: { id: 1, is_demo: 0 } });
    expect(open('/login')).toEqual({ page: 'home', at: '/' });
    expect(open('/register?invite_code=ABCD')).toEqual({ page: 'home', at: '/' });
  });

  it('sends it to the `from` target, when that is a path of the app', () => {
    setSession({ token: 't', user: { id: 1, is_demo: 0 } });
    expect(open(`/login?from=${encodeURIComponent('/order?type=1')}`)).toEqual({
      page: 'order',
      at: '/order?type=1',
    });
    expect(open(`/login?from=${encodeURIComponent('//evil.example')}`)).toEqual({ page: 'home', at: '/' });
  });

  it('keeps both forms for a demo account: they lead to a real one', () => {
    setSession({ token: 't', user: { id: 2, is_demo: 1 } });
    expect(open('/login')).toEqual({ page: 'login', at: '/login' });
    expect(open('/register')).toEqual({ page: 'register', at: '/register' });
  });

  it('shows the forms to a visitor, and still sends a visitor from a login route to /login', () => {
    expect(open('/login')).toEqual({ page: 'login', at: '/login' });
    expect(open('/order?type=1').at).toBe(`/login?from=${encodeURIComponent('/order?type=1')}`);
  });
});
