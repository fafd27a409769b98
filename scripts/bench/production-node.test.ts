import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_NODE_ENV, PRODUCTION_NODE_FLAGS, productionNodeEnv } from './production-node.ts';

const scripts = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe("the benches' Node is production's", () => {
  it.each(['start', 'serve'])('`npm run %s` starts the server with the flags and environment the benches use', (name) => {
    const server = scripts[name]!.split('&&').at(-1)!.trim();
    expect(server).toMatch(/(^| )node .*server\/index\.ts$/);
    for (const flag of PRODUCTION_NODE_FLAGS) expect(server.split(' ')).toContain(flag);
    for (const [variable, value] of Object.entries(PRODUCTION_NODE_ENV)) expect(server.split(' ')).toContain(`${variable}=${value}`);
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
