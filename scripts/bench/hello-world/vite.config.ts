import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/** The hello-world page's build: the same plugin and asset settings as the site's (vite.config.ts at the root). */
export default defineConfig({
  plugins: [reactRouter()],
  build: { assetsInlineLimit: 0 },
});
