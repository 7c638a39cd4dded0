/// <reference types="node" />
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
 * - each lazy screen keeps its own chunk (lightweight-charts only with /trade).
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/;
const UI =
  /node_modules[\\/](antd-mobile|antd-mobile-icons|@react-spring|@use-gesture|ahooks|rc-[^\\/]+|@rc-component|@floating-ui|@babel[\\/]runtime|tslib|classnames|lodash|dayjs|react-is|staged-components|runes2|use-sync-external-store)[\\/]/;

export function chunkGroups(entries: { boot: string; main: string }): Rolldown.CodeSplittingGroup[] {
  let bootModules: Set<string> | null = null;
  /**
   * boot.ts and what it imports statically (through the shared package's index, that is
   * every shared module: a few KB, which the app needs first anyway).
   */
  const bootClosure = (ctx: Rolldown.ChunkingContext): Set<string> => {
    if (bootModules) return bootModules;
    const seen = new Set<string>();
    const queue = [entries.boot];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    bootModules = seen;
    return seen;
  };
  const isEntry = (id: string, ctx: Rolldown.ChunkingContext) =>
    id === entries.main || ctx.getModuleInfo(id)?.isEntry === true;
  return [
    { name: 'framework', test: FRAMEWORK, priority: 4 },
    {
      // What boot.ts needs, apart: the boot script never waits for the app's file.
      name: (id, ctx) => (bootClosure(ctx).has(id) && !isEntry(id, ctx) ? 'boot-deps' : null),
      debugName: 'boot-deps',
      tags: ['$initial'],
      priority: 3,
      includeDependenciesRecursively: false,
    },
    {
      name: (id, ctx) => (isEntry(id, ctx) ? null : 'app'),
      debugName: 'app',
      tags: ['$initial'],
      priority: 2,
      // Its dependencies are $initial too, and boot's are taken above.
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

/** `ui~trade~order~…` (a merged group's chunk, named after its screens) → `ui`. */
export function shortName(name: string): string {
  const base = name.replace(/\.[a-z]+$/, '');
  return base.includes('~') ? base.slice(0, base.indexOf('~')) : base;
}
