import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_NODE_ENV, PRODUCTION_NODE_FLAGS, productionNodeEnv } from './production-node.ts';

const scripts = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe("the benches' Node is production's", () => {
  it.each(['start', 'serve'])('`npm run %s` starts the server with exactly the flags and environment the benches use', (name) => {
    const words = scripts[name]!.split('&&').at(-1)!.trim().split(/\s+/);
    const node = words.indexOf('node');
    expect(words.at(-1)).toBe('server/index.ts');
    expect(node).toBeGreaterThanOrEqual(0);
    expect(Object.fromEntries(words.slice(0, node).map((word) => word.split('=')))).toEqual(PRODUCTION_NODE_ENV);
    expect(words.slice(node + 1, -1)).toEqual(PRODUCTION_NODE_FLAGS);
  });

  it("gives a child the flags through NODE_OPTIONS, after the caller's own", () => {
    const before = process.env.NODE_OPTIONS;
    process.env.NODE_OPTIONS = '--enable-source-maps';
    try {
      expect(productionNodeEnv()).toEqual({ ...PRODUCTION_NODE_ENV, NODE_OPTIONS: ['--enable-source-maps', ...PRODUCTION_NODE_FLAGS].join(' ') });
    } finally {
      if (before === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = before;
    }
  });
});
