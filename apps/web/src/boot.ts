/**
 * The first script to run, on its own and tiny: while the framework and the app download
 * (most of a cold load on a phone), it starts what the first screen needs next — the
 * active language's texts, on the home and trade screens the board's API calls, and on
 * a screen opened by link its lazy code. main.tsx picks them up (lib/locale-files.ts,
 * lib/early-requests.ts, the router's lazy import). Nothing here may import React or
 * anything large: this script is meant to run a round trip after the HTML arrives.
 */
import { abbreviatedKlineEndpoint, categoriesEndpoint, tradeListEndpoint } from '@pipwise/shared';
import { env } from './config/env';
import { startEarlyGet } from './lib/early-requests';
import { loadMessages } from './lib/locale-files';
import { getToken } from './lib/session';
import { startLang } from './lib/start-lang';

const lang = startLang();
loadMessages(lang).catch(() => undefined); // i18n takes this request and handles a failure

const path = window.location.pathname;
const early = (endpointPath: string) => startEarlyGet(new URL(endpointPath, env.apiBase), lang, getToken());
if (path === '/' || path === '/trade') early(tradeListEndpoint.path);
if (path === '/') {
  early(abbreviatedKlineEndpoint.path);
  early(categoriesEndpoint.path);
}

// The build lists, per screen opened by link, its lazy files (build/boot-script.ts).
const preloads = document.getElementById('pw-route-preloads')?.textContent;
for (const href of preloads ? ((JSON.parse(preloads) as Record<string, string[]>)[path] ?? []) : []) {
  const link = document.createElement('link');
  link.rel = href.endsWith('.css') ? 'preload' : 'modulepreload';
  if (href.endsWith('.css')) link.as = 'style';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}
