import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  server: { hmr: { port: 24679 } },
  define: {
    // Sentry SDK (ADR 017): no debug logging code, and no inline replay worker (it is served as a file of its own).
    __SENTRY_DEBUG__: 'false',
    __SENTRY_EXCLUDE_REPLAY_WORKER__: 'true',
  },
});
