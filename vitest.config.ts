import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{app,core,server,content,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.dom.test.tsx'],
          environment: 'node',
          // A limit against a hang, not a speed goal: the first test of a file pays its imports and a cold JIT, which
          // on a machine the whole suite loads (load average 20 on 2 cores) took 5.6 s where 5 s was the default.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          // Components with behaviour, in a DOM: React Testing Library on happy-dom (docs/guides/testing.md).
          name: 'component',
          include: ['app/**/*.dom.test.tsx'],
          environment: 'happy-dom',
          // The site's address, so a component that writes the URL (history.replaceState) has one of the same origin.
          environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
          // As the unit tests': a hang guard, never a speed goal (a component's first render pays its imports).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // The run's database templates, built once (tests/support/db.ts).
          globalSetup: ['tests/support/global-setup.ts'],
          // Pages render with React's production build, as the site serves them (its development build renders
          // several times slower and is never what a visitor gets). The apps' own settings come from loadConfig.
          env: { NODE_ENV: 'production' },
          // One module graph per worker, not per file: every file builds its own apps, databases and servers, and
          // loading the server again for each of ~70 files was about half the lane's CPU (ADR 032).
          isolate: false,
          // The limits are for a hung test: beside the browser tests on two cores a test that takes 15 s alone took 60.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // `expect.poll` waits for what another part of the server does next (a stream's close counted, a job's
          // write): as long as the browser tests' limit, since it returns as soon as it holds (1 s failed under load).
          expect: { poll: { timeout: 30_000 } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // A test that takes 20 s alone (a template in three languages with axe and its schema.org data) takes three
          // times that when the browser workers and the integration tests share two cores: the limit is for a hung test.
          testTimeout: 180_000,
          hookTimeout: 240_000,
          // A page's answer to a visitor (a refetch, code loaded when the page is idle) can take seconds on a machine
          // the whole suite loads; `expect.poll` returns as soon as it holds, so a longer limit costs only failures.
          // 10 s was once not enough in CI on a machine at half its usual speed (load average 16): a reloaded page's
          // page view (its analytics chunk loaded after hydration, then a beacon) had not left 10 s after hydration.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
