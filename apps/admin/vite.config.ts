/// <reference types="node" />
/* eslint import-x/no-cycle: ["error", { "ignoreExternal": true }] */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** antd and what it is built on: one chunk that stays cached across deploys. */
const ANTD =
  /node_modules[\\/](antd|@ant-design|@rc-component|dayjs|clsx|scroll-into-view-if-needed|compute-scroll-into-view|throttle-debounce|@babel[\\/]runtime)[\\/]/;
const LOCALE = /[\\/]locale[\\/]/;

const backend = process.env.PIPWISE_BACKEND ?? 'http://127.0.0.1:8080';

/**
 * The back office, served by the API server under /admin (apps/server/src/http/static.ts):
 * every asset URL starts with /admin/ and the router's basename is /admin.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/admin/',
  // Brotli and gzip copies of every text asset, sent as they are by the server (preCompressed).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 512 })],
  resolve: {
    // `source` makes the @pipwise packages resolve to their TypeScript sources.
    conditions: ['source', ...defaultClientConditions],
    dedupe: ['react', 'react-dom'],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // antd is one large library used by every screen: it is its own cached chunk.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/,
            },
            {
              // Language packs (antd's, its pickers', dayjs's) stay out: each is loaded
              // only when an operator picks that language.
              name: 'antd',
              test: (id: string) => ANTD.test(id) && !LOCALE.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5174,
    proxy: { '/api': backend, '/static': backend, '/favicon.svg': backend },
  },
  preview: { host: '127.0.0.1', port: 4174 },
});
