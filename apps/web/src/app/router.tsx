import { createElement, lazy, useState, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { ROUTE_ALIASES, ROUTES, type RouteDef, type RouteId } from '@/config/routes';
import { applyHashRoute, hashRoutePath } from '@/lib/hash-route';
import { registerNavigate } from '@/lib/navigation';
import { AppLayout } from './layout/app-layout';
import { RouteGuard } from './layout/route-guard';
import { RouteError } from './routes/route-error';

type Page = ComponentType<{ route: RouteDef }>;

/*
 * Pages built so far, each its own chunk. Every other route of the registry shows the
 * "coming in a later release" page, titled by its route, until its feature lands here.
 */
const LaterReleasePage = lazy(() => import('./routes/later-release'));
const NotFoundPage = lazy(() => import('./routes/not-found'));

/**
 * A lazy page whose code can be fetched before the first render (app/first-screen.ts): once
 * in, it renders at once. React.lazy suspends on its first render even when the module is
 * loaded, and React then holds the screen back 300 ms after its skeleton showed.
 */
function preloadablePage(load: () => Promise<{ default: Page }>) {
  let loaded: Page | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function PreloadablePage(props: { route: RouteDef }) {
    // Chosen once per mount: switching component types later would remount the page.
    const [Component] = useState<Page>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(PreloadablePage, { preload });
}

const tradePage = preloadablePage(() => import('./routes/trade'));
/** /trade's code, for the first screen to fetch before the app first renders. */
export const preloadTradePage = tradePage.preload;

const builtPages: Partial<Record<RouteId, Page>> = {
  language: lazy(() => import('./routes/language')),
  // Trading (lightweight-charts lives in the trade chunk only)
  trade: tradePage,
  order: lazy(() => import('./routes/order')),
  product: lazy(() => import('./routes/product')),
  user: lazy(() => import('./routes/user')),
  history: lazy(() => import('./routes/account-history')),
  conditions: lazy(() => import('./routes/mine-conditions')),
  // Accounts and access
  login: lazy(() => import('./routes/login')),
  register: lazy(() => import('./routes/register')),
  forgot: lazy(() => import('./routes/forgot')),
  password: lazy(() => import('./routes/mine-password')),
  passkeys: lazy(() => import('./routes/mine-passkeys')),
  email: lazy(() => import('./routes/mine-email')),
  system: lazy(() => import('./routes/mine-system')),
  // Content and support
  news: lazy(() => import('./routes/news')),
  newsDetail: lazy(() => import('./routes/news-detail')),
  announcement: lazy(() => import('./routes/mine-announcement')),
  rank: lazy(() => import('./routes/rank')),
  chat: lazy(() => import('./routes/mine-chat')),
  feedback: lazy(() => import('./routes/feedback')),
  // Funds, identity and invites (real accounts only)
  charge: lazy(() => import('./routes/charge')),
  withdraw: lazy(() => import('./routes/withdraw')),
  wallet: lazy(() => import('./routes/wallet')),
  coinAddressList: lazy(() => import('./routes/coin-address-list')),
  bankCardList: lazy(() => import('./routes/bank-card-list')),
  withdrawWay: lazy(() => import('./routes/withdraw-way')),
  auth: lazy(() => import('./routes/identity')),
  invite: lazy(() => import('./routes/invite')),
  // Price alerts and the inbox (docs/notifications.md)
  alerts: lazy(() => import('./routes/alerts')),
  inbox: lazy(() => import('./routes/inbox')),
  inboxSettings: lazy(() => import('./routes/inbox-settings')),
  inboxNotice: lazy(() => import('./routes/inbox-notice')),
};

function pageRoute(id: RouteId, def: RouteDef): RouteObject {
  const Page = builtPages[id] ?? LaterReleasePage;
  return {
    path: def.path,
    element: (
      <RouteGuard route={def}>
        <Page route={def} />
      </RouteGuard>
    ),
  };
}

/** An alias path (/mine) replaced by its route's, keeping the query. */
function AliasRedirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

const children: RouteObject[] = [
  // Home renders in the layout (kept alive), not in the outlet.
  { index: true, element: null },
  ...(Object.entries(ROUTES) as [RouteId, RouteDef][])
    .filter(([id]) => id !== 'home')
    .map(([id, def]) => pageRoute(id, def)),
  ...Object.entries(ROUTE_ALIASES).map(([path, to]) => ({ path, element: <AliasRedirect to={to} /> })),
  { path: '*', element: <NotFoundPage /> },
];

// Spec §9's invite links use the old hash form (`/#/register?invite_code=`): the router
// must read the path it names, so the hash is rewritten before the router is made.
applyHashRoute();

export const router = createBrowserRouter([
  { path: '/', element: <AppLayout />, errorElement: <RouteError />, children },
]);

// Code outside React (the api client on code 999) navigates through the router too.
registerNavigate((to, options) => void router.navigate(to, options));

// A hash link opened while the app is already open only changes the hash: follow it too.
window.addEventListener('hashchange', () => {
  const path = hashRoutePath(window.location);
  if (path) void router.navigate(path, { replace: true });
});
