/// <reference types="node" />
import path from 'node:path';
import type { Rolldown } from 'vite';

/**
 * How the build cuts the app into files (docs/benchmarks.md "First screen"). On a phone
 * each file is a request and, past the browser's six connections per server, another
 * round trip (half a second on slow 4G): the automatic splitting made 18 scripts for the
 * home page and some 30 more for /trade, one per set of screens sharing a module. So:
 * - framework: React, the router, TanStack Query and i18next — every page, cached across
 *   deploys;
 * - boot-deps: what src/boot.ts imports, in one small file, so the boot script never
 *   waits for a larger one;
 * - app: everything else the first screen loads, in one file;
 * - ui: antd-mobile and its runtime (animations, gestures) for the other screens, in a
 *   few files by which screens use them, rather than one per component;
 * - shared: the other screens' own code that several of them use, merged likewise;
 * - each lazy screen keeps its own chunk (lightweight-charts only with /trade);
 * - a screen opened by link (`routes`: /trade) keeps in its chunk the app's own code it
 *   imports statically and the icons it names, where ui or shared would take them: it
 *   paints with one more file, its lazy parts follow (app/routes/trade.tsx).
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/;
const UI =
  /node_modules[\\/](antd-mobile|antd-mobile-icons|@react-spring|@use-gesture|ahooks|rc-[^\\/]+|@rc-component|@floating-ui|@babel[\\/]runtime|tslib|classnames|lodash|dayjs|react-is|staged-components|runes2|use-sync-external-store)[\\/]/;

/** The web app's own modules. */
const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
/** One icon of antd-mobile-icons: a file per icon, named after it, behind the index. */
const ICON_FILE = /node_modules[\\/]antd-mobile-icons[\\/]es[\\/]([A-Za-z0-9]+)\.js$/;
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']antd-mobile-icons["']/g;

export function chunkGroups(entries: {
  boot: string;
  main: string;
  /** Route modules (absolute ids) whose static imports stay in their own chunk. */
  routes?: readonly string[];
}): Rolldown.CodeSplittingGroup[] {
  let bootModules: Set<string> | null = null;
  /**
   * boot.ts and what it imports statically (through the shared package's index, that is
   * every shared module: a few KB, which the app needs first anyway).
   */
  const bootClosure = (ctx: Rolldown.ChunkingContext): Set<string> =>
    (bootModules ??= staticClosure(entries.boot, ctx));
  const routeParts = new Map<string, RouteModules>();
  /** The route whose own modules hold `id`, if any (the first listed wins). */
  const routeOf = (id: string, ctx: Rolldown.ChunkingContext): string | null => {
    const icon = ICON_FILE.exec(id)?.[1];
    for (const route of entries.routes ?? []) {
      let parts = routeParts.get(route);
      if (!parts) routeParts.set(route, (parts = routeModules(route, ctx)));
      if (parts.modules.has(id) || (icon !== undefined && parts.icons.has(icon))) return route;
    }
    return null;
  };
  const isEntry = (id: string, ctx: Rolldown.ChunkingContext) =>
    id === entries.main || ctx.getModuleInfo(id)?.isEntry === true;
  return [
    { name: 'framework', test: FRAMEWORK, priority: 5 },
    {
      // What boot.ts needs, apart: the boot script never waits for the app's file.
      name: (id, ctx) => (bootClosure(ctx).has(id) && !isEntry(id, ctx) ? 'boot-deps' : null),
      debugName: 'boot-deps',
      tags: ['$initial'],
      priority: 4,
      includeDependenciesRecursively: false,
    },
    {
      name: (id, ctx) => (isEntry(id, ctx) ? null : 'app'),
      debugName: 'app',
      tags: ['$initial'],
      priority: 3,
      // Its dependencies are $initial too, and boot's are taken above.
      includeDependenciesRecursively: false,
    },
    {
      // Below app: what the first screen loads stays there.
      name: (id, ctx) => {
        const route = routeOf(id, ctx);
        return route ? path.basename(route).replace(/\.[a-z]+$/, '') : null;
      },
      debugName: 'route',
      priority: 2,
      includeDependenciesRecursively: false,
    },
    { name: 'ui', test: UI, priority: 1 },
    {
      // The other screens' shared code (hooks, api calls, small components), merged the
      // same way, rather than one file per set of screens sharing a module.
      name: 'shared',
      test: /[\\/](apps[\\/]web[\\/]src|packages[\\/](shared|client)[\\/]src)[\\/]/,
      priority: 0,
      minShareCount: 2,
    },
  ];
}

/**
 * `start` and every module it imports statically, through any number of files (only
 * through those `within` matches, when given).
 */
function staticClosure(start: string, ctx: Rolldown.ChunkingContext, within?: RegExp): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id) || (within && !within.test(id))) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

interface RouteModules {
  /** The route module and the app's own modules it imports statically. */
  modules: Set<string>;
  /** The icons those import by name. */
  icons: Set<string>;
}

/**
 * What a route's chunk keeps: its own code, walked through the app's sources only. A
 * package is reached through its index, which re-exports all of it (the shared package,
 * antd-mobile): past it, the walk cannot tell which files are used, so the packages'
 * files go where the other groups put them — all but the icons the route names.
 */
function routeModules(route: string, ctx: Rolldown.ChunkingContext): RouteModules {
  const modules = staticClosure(route, ctx, APP_SOURCE);
  const icons = new Set<string>();
  for (const id of modules) {
    for (const [, names] of (ctx.getModuleInfo(id)?.code ?? '').matchAll(ICON_IMPORT)) {
      for (const name of names!.split(',')) icons.add(name.trim().split(/\s+as\s+/)[0]!);
    }
  }
  return { modules, icons };
}

/** `ui~trade~order~…` (a merged group's chunk, named after its screens) → `ui`. */
export function shortName(name: string): string {
  const base = name.replace(/\.[a-z]+$/, '');
  return base.includes('~') ? base.slice(0, base.indexOf('~')) : base;
}
