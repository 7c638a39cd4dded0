/// <reference types="node" />
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** The id of the JSON block boot.ts reads its route preloads from. */
export const ROUTE_PRELOADS_ID = 'pw-route-preloads';

interface Options {
  entry?: string;
  /**
   * Screens opened by link often enough that their lazy code should not wait for the app
   * to start (path → route module): boot.ts preloads their files on those paths.
   */
  routes?: Record<string, string>;
}

/**
 * src/boot.ts as an entry of its own, loaded by its own `<script type="module">` ahead of
 * the app's. Vite bundles every module script of an HTML page into one entry, which runs
 * only once the whole framework has downloaded; boot.ts must run a round trip after the
 * HTML arrives, to start the texts and the board's data meanwhile. It is `async`: a
 * deferred script waits for every stylesheet, which on slow 4G arrive long after it. Both
 * scripts share chunks (one module instance each), so the app finds what boot started;
 * should boot ever run after the app, the app has simply asked for the same things itself.
 *
 * For the `routes` given, the page also carries (as inert JSON, which the CSP allows)
 * the files of each route's chunk that the first screen does not load already.
 */
export function bootScript({ entry = 'src/boot.ts', routes = {} }: Options = {}): Plugin {
  let root = '';
  return {
    name: 'pipwise:boot-script',
    config(config) {
      root = config.root ?? process.cwd();
      return {
        build: {
          rolldownOptions: {
            input: { index: path.resolve(root, 'index.html'), boot: path.resolve(root, entry) },
          },
        },
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        let tags: string[];
        if (ctx.bundle) {
          const bundle = ctx.bundle;
          const chunk = Object.values(bundle).find(
            (file) => file.type === 'chunk' && file.isEntry && file.name === 'boot',
          );
          if (!chunk || chunk.type !== 'chunk') throw new Error('boot-script: no boot chunk in the bundle');
          tags = [
            `<script type="module" async crossorigin src="/${chunk.fileName}"></script>`,
            ...chunk.imports
              .filter((file) => !html.includes(`"/${file}"`)) // the app's own preloads list it already
              .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ];
          const preloads = routePreloads(bundle, routes, root, html);
          if (Object.keys(preloads).length > 0) {
            // `<` cannot appear in file names; the JSON cannot close the script element.
            tags.push(
              `<script type="application/json" id="${ROUTE_PRELOADS_ID}">${JSON.stringify(preloads)}</script>`,
            );
          }
        } else {
          tags = [`<script type="module" async src="/${entry}"></script>`]; // dev server: served as is
        }
        // Right before the app's script (in development, after Vite's own preamble).
        const at = ctx.bundle
          ? html.indexOf('<script type="module"')
          : html.indexOf('<script type="module" src="/src/');
        if (at < 0) throw new Error('boot-script: index.html has no module script');
        return `${html.slice(0, at)}${tags.join('\n    ')}\n    ${html.slice(at)}`;
      },
    },
  };
}

/**
 * Path → the route chunk's files not in `html`: scripts and styles, with what it imports
 * statically.
 */
function routePreloads(
  bundle: Rolldown.OutputBundle,
  routes: Record<string, string>,
  root: string,
  html: string,
): Record<string, string[]> {
  const byFile = new Map(Object.values(bundle).map((file) => [file.fileName, file]));
  const out: Record<string, string[]> = {};
  for (const [route, module] of Object.entries(routes)) {
    const id = path.resolve(root, module);
    // Its own chunk, or the group's that holds it (build/chunk-groups.ts).
    const start = Object.values(bundle).find(
      (f) => f.type === 'chunk' && (f.facadeModuleId === id || f.moduleIds.includes(id)),
    );
    if (!start) throw new Error(`boot-script: no chunk for ${module}`);
    const files = new Set<string>();
    const visit = (fileName: string) => {
      const chunk = byFile.get(fileName);
      if (!chunk || chunk.type !== 'chunk' || files.has(fileName) || html.includes(`"/${fileName}"`)) return;
      files.add(fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
      chunk.imports.forEach(visit);
    };
    // Not its lazy parts (the chart and ticket of /trade): fetched alongside the framework,
    // they slowed it down and the screen's first paint with it. The app asks for them once
    // it runs (app/first-screen.ts).
    visit(start.fileName);
    out[route] = [...files].map((file) => `/${file}`);
  }
  return out;
}
