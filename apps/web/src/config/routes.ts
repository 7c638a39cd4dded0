import type en from '@pipwise/locales/en.json';

/**
 * Every client route of docs/product.md §2, in one typed registry. The router, the guard, the tab
 * bar and page titles all read it, so a route's rules are written once.
 */

/**
 * Page titles come from the `route.*` texts (the home page uses its own title); the pages of
 * docs/notifications.md are titled by their features' own texts.
 */
export type RouteTitleKey =
  | `route.${keyof (typeof en)['route']}`
  | 'home.title'
  | 'alerts.title'
  | 'inbox.title'
  | 'inbox.settings'
  | 'inbox.notice';

export interface RouteDef {
  /** Path without query; query parameters (?type=, ?id=) are the page's business. */
  path: string;
  title: RouteTitleKey;
  /** Spec "(login)": without a session the guard sends the visitor to /login?from=. */
  needsLogin: boolean;
  /** The bottom tab bar shows on this route. */
  showFooter: boolean;
  /**
   * A page for getting a session (login, register): a trader already signed in to a real
   * account is sent on to where logging in would take them (app/layout/route-guard.tsx).
   */
  signedOutOnly?: boolean;
}

const route = (path: string, title: RouteTitleKey, needsLogin = false, showFooter = false): RouteDef => ({
  path,
  title,
  needsLogin,
  showFooter,
});

/*
 * Spec §2 marks /order and /user as login routes; the /mine/* pages hang off /user and
 * show the user's own money and identity, so they need a session too. The announcement
 * is public text and stays open. Tab destinations (/order, /rank) keep the footer so
 * the tab bar does not vanish under the thumb.
 */
export const ROUTES = {
  home: route('/', 'home.title', false, true),
  trade: route('/trade', 'route.trade', false, true),
  order: route('/order', 'route.order', true, true),
  user: route('/user', 'route.user', true),
  news: route('/news', 'route.news', false, true),
  newsDetail: route('/news/detail', 'route.news_detail'),
  rank: route('/rank', 'route.rank', false, true),
  feedback: route('/feedback', 'route.feedback'),
  login: { ...route('/login', 'route.login'), signedOutOnly: true },
  register: { ...route('/register', 'route.register'), signedOutOnly: true },
  forgot: route('/forgot', 'route.forgot'),
  product: route('/product', 'route.product'),
  auth: route('/mine/auth', 'route.auth', true),
  invite: route('/mine/invite', 'route.invite', true),
  email: route('/mine/email', 'route.email', true),
  announcement: route('/mine/announcement', 'route.announcement'),
  password: route('/mine/password', 'route.password', true),
  passkeys: route('/mine/passkeys', 'route.passkeys', true),
  history: route('/mine/history', 'route.history', true),
  conditions: route('/mine/conditions', 'route.conditions', true),
  charge: route('/mine/charge', 'route.charge', true),
  withdraw: route('/mine/withdraw', 'route.withdraw', true),
  chat: route('/mine/chat', 'route.chat', true),
  system: route('/mine/system', 'route.system', true),
  wallet: route('/mine/wallet', 'route.wallet', true),
  bankCardList: route('/mine/bank-card-list', 'route.bank_card_list', true),
  coinAddressList: route('/mine/coin-address-list', 'route.coin_address_list', true),
  withdrawWay: route('/mine/withdraw-way', 'route.withdraw_way', true),
  language: route('/language', 'route.language'),
  // Price alerts and the inbox (docs/notifications.md), reached from the Me page.
  alerts: route('/alerts', 'alerts.title', true),
  inbox: route('/inbox', 'inbox.title', true),
  inboxSettings: route('/inbox/settings', 'inbox.settings', true),
  // One notice (?id=): a stop-out receipt opened from the account log.
  inboxNotice: route('/inbox/notice', 'inbox.notice', true),
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof ROUTES;

/**
 * Other paths people use for a route, sent on to it (query kept): the spec's pages live
 * under /mine/… while the mine page itself is /user, so /mine leads there.
 */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/mine': ROUTES.user.path,
};

const byPath = new Map<string, RouteDef>(Object.values(ROUTES).map((r) => [r.path, r]));

/** The registry entry of a pathname (trailing slash ignored), if it is a known route. */
export function findRoute(pathname: string): RouteDef | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return byPath.get(path);
}

/** Spec §2: entering these refreshes the trade list. */
export const TRADE_LIST_REFRESH_PATHS: ReadonlySet<string> = new Set([ROUTES.home.path, ROUTES.trade.path]);
