/// <reference types="node" />
// import-x/no-cycle follows imports into packages, and on vite's own dependency tree its
// fallback resolver loads lightningcss/node as a "resolver" and crashes ESLint. Packages
// cannot be part of a cycle of ours, so this file skips them.
/* eslint import-x/no-cycle: ["error", { "ignoreExternal": true }] */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { bootScript } from './build/boot-script.js';
import { chunkGroups, shortName } from './build/chunk-groups.js';
import { endpointDescriptors } from './build/endpoint-descriptors.js';
import { splashScreens } from './build/splash-screens.js';

const backend = process.env.PIPWISE_BACKEND ?? 'http://127.0.0.1:8080';

// Screens opened by link: their code loads alongside the app's (build/boot-script.ts) and
// keeps what it imports statically in its own file (build/chunk-groups.ts).
const linkedRoutes = { '/trade': 'src/app/routes/trade.tsx' };

// react-router 7 publishes one export map whose every condition names dist/development
// (dev warnings on); dist/production is the same code with them compiled out.
const reactRouterDev = fileURLToPath(import.meta.resolve('react-router'));
const reactRouterProd = (file: string) =>
  reactRouterDev.replace(/development[\\/]index\.mjs$/, `production/${file}`);

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Brotli and gzip copies of every text asset: the server sends them as they are
  // (preCompressed), so nothing is compressed per request.
  plugins: [
    react(),
    endpointDescriptors(),
    // /trade is opened by link (a shared instrument): its code loads alongside the app's.
    bootScript({ routes: linkedRoutes }),
    splashScreens(),
    // The service worker (sw/sw.ts → /sw.js): the shell offline, the update prompt, web
    // push (docs/installable-app.md). The manifest is public/manifest.json, as it was.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      manifest: false,
      // The app registers it itself once the first screen is up (src/app/service-worker.ts).
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // The shell: HTML, scripts, styles and the icons it shows. The languages (18 files of
        // ~130 KB) are not: the app keeps its current one when it starts.
        globPatterns: [
          'index.html',
          'assets/*.{js,css}',
          'manifest.json',
          'favicon.svg',
          'icons/logo.svg',
          'icons/icon-192.png',
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 512 }),
  ],
  resolve: {
    // `source` makes @pipwise/shared and @pipwise/locales resolve to their TypeScript
    // sources, so the app never needs them built first.
    conditions: ['source', ...defaultClientConditions],
    // npm hoists React 18 to the root for antd-mobile, react-query and react-router
    // while the app has React 19 in apps/web/node_modules: two Reacts break hooks.
    // Dedupe makes every import of react/react-dom resolve to the app's copy.
    dedupe: ['react', 'react-dom'],
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProd('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProd('dom-export.mjs') },
          ]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The shared package has no side effects at load: a chunk carries only the modules
      // it uses (the home page no decimal math), and with build/endpoint-descriptors.ts
      // only the schemas it uses (the browser none, so no zod).
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // Merged chunks are named after every screen sharing them: keep the group's name.
        chunkFileNames: (chunk) => `assets/${shortName(chunk.name)}-[hash].js`,
        assetFileNames: (asset) => `assets/${shortName(asset.names[0] ?? 'asset')}-[hash][extname]`,
        codeSplitting: {
          groups: chunkGroups({
            boot: fileURLToPath(new URL('./src/boot.ts', import.meta.url)),
            main: fileURLToPath(new URL('./src/main.tsx', import.meta.url)),
            routes: Object.values(linkedRoutes).map((file) =>
              fileURLToPath(new URL(`./${file}`, import.meta.url)),
            ),
          }),
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': backend,
      '/v1': { target: backend, ws: true },
      '/manifest.json': backend,
      '/static': backend,
    },
  },
  preview: { host: '127.0.0.1', port: 4173 },
}));
