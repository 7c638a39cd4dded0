import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

const backend = process.env.PIPWISE_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    // `source` makes @pipwise/shared and @pipwise/locales resolve to their TypeScript
    // sources, so the app never needs them built first.
    conditions: ['source', ...defaultClientConditions],
    // npm hoists React 18 to the root for antd-mobile, react-query and react-router
    // while the app has React 19 in apps/web/node_modules: two Reacts break hooks.
    // Dedupe makes every import of react/react-dom resolve to the app's copy.
    dedupe: ['react', 'react-dom'],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
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
});
