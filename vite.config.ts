import { resolve } from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * The browser build's chunks (ADR 027). Left to itself the bundler makes a chunk of every set of modules that the
 * same routes share, ~50 files for a page, and gzip starts each file from nothing: the home page's modules weighed
 * 17 KiB more in their files than in one. What every page loads anyway goes into one chunk each: the framework
 * (React, React Router) and the frame (the entry and the root route's modules, and the site layout's, all that they
 * import statically). Route modules stay the bundler's: a page loads its own route's code and what it shares.
 */
function sharedChunks(): { plugin: Plugin; groups: { name: string; test: (id: string) => boolean; priority: number }[] } {
  const imports = new Map<string, readonly string[]>();
  let closures: Map<string, Set<string>> | null = null;
  const app = resolve('app');
  const framework = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
  const isRoute = (id: string) => id.startsWith(`${app}/routes/`) || id.startsWith(`${app}/root.tsx`);
  /** The modules `from` imports statically, transitively (the route modules themselves excluded: they are entries). */
  const closure = (from: string[], without: Set<string> = new Set()): Set<string> => {
    const seen = new Set<string>();
    const queue = [...from];
    while (queue.length) {
      const id = queue.pop()!;
      for (const next of imports.get(id) ?? []) {
        if (seen.has(next) || without.has(next) || framework.test(next) || isRoute(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    return seen;
  };
  const group = (name: string): Set<string> => {
    if (!closures) {
      const ids = [...imports.keys()];
      const find = (path: string) => ids.filter((id) => id.split('?')[0] === path);
      const frame = closure([...find(`${app}/entry.client.tsx`), ...find(`${app}/root.tsx`)]);
      const site = closure(find(`${app}/routes/_site.tsx`), frame);
      // What most of the site's pages import goes with the layout too (pictures, formats, breadcrumbs…).
      const pages = [...new Set(ids.map((id) => id.split('?')[0]!))].filter(
        (id) => id.startsWith(`${app}/routes/`) && !/[\\/](_site|_locale|icons)\.tsx$|[\\/]admin[\\/]/.test(id),
      );
      const reach = new Map<string, number>();
      for (const page of pages) for (const id of closure(find(page), frame)) reach.set(id, (reach.get(id) ?? 0) + 1);
      for (const [id, n] of reach) if (n >= 0.6 * pages.length) site.add(id);
      closures = new Map([
        ['frame', frame],
        ['site', site],
      ]);
    }
    return closures.get(name) ?? new Set();
  };
  return {
    plugin: {
      name: 'site:shared-chunks',
      apply: 'build',
      buildStart() {
        imports.clear();
        closures = null;
      },
      buildEnd() {
        // The browser's build only: the server's chunks are the bundler's.
        if (this.environment.name !== 'client') return;
        for (const id of this.getModuleIds()) imports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
      },
    },
    groups: [
      { name: 'framework', test: (id) => imports.size > 0 && framework.test(id), priority: 3 },
      { name: 'frame', test: (id) => group('frame').has(id), priority: 2 },
      { name: 'site', test: (id) => group('site').has(id), priority: 1 },
    ],
  };
}

const chunks = sharedChunks();

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), chunks.plugin],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
  server: { hmr: { port: 24679 } },
  define: {
    // Sentry SDK (ADR 017): no debug logging code, and no inline replay worker (it is served as a file of its own).
    __SENTRY_DEBUG__: 'false',
    __SENTRY_EXCLUDE_REPLAY_WORKER__: 'true',
  },
});
