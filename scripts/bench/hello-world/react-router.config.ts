import type { Config } from '@react-router/dev/config';

/**
 * The framework's floor for `npm run bench -- ssr`: React Router's framework mode with one page that
 * says hello, built by the site's own Vite and React Router (this directory has no packages of its own), into
 * `build/` here (the bench removes it).
 */
export default {
  appDirectory: 'app',
  ssr: true,
} satisfies Config;
