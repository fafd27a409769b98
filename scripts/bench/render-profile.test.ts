import { describe, expect, it } from 'vitest';
import { sortProfile } from './render-profile.ts';

const frame = (functionName: string, url = '') => ({ functionName, url });

/** A profile whose every node was sampled once for 1,000 µs (1 ms): [node, parent] pairs under a root. */
function profile(nodes: [{ functionName: string; url: string }, number | null][]) {
  const all = [{ id: 1, callFrame: frame('(root)'), children: [] as number[] }];
  nodes.forEach(([callFrame], i) => all.push({ id: i + 2, callFrame, children: [] }));
  nodes.forEach(([, parent], i) => all[(parent ?? 1) - 1]!.children.push(i + 2));
  return { nodes: all, samples: nodes.map((_, i) => i + 2), timeDeltas: nodes.map(() => 1000) };
}

const RR = 'file:///site/node_modules/react-router/dist/production/chunk.js';
const DOM = 'file:///site/node_modules/react-dom/cjs/react-dom-server.node.production.js';
const BUILD = 'file:///site/build/server/index.js';

describe('sortProfile', () => {
  it("puts each sample in its part of the render's work, per render", () => {
    const sorted = sortProfile(
      profile([
        [frame('performWork', DOM), null], // 2: React
        [frame('HomePage', BUILD), 2], // 3: our component
        [frame('LinkWithRef', RR), 3], // 4: the router, even inside the render
        [frame('StreamTransfer', RR), 2], // 5: turbo-stream
        [frame('flattenValue', RR), 5], // 6: turbo-stream
        [frame('loader', BUILD), null], // 7: our loader
        [frame('query', 'file:///site/node_modules/@electric-sql/pglite/dist/index.js'), 7], // 8: database
        [frame('', 'wasm://wasm/022a9842'), 8], // 9: database
        [frame('processChunk', 'node:zlib'), null], // 10: Node
        [frame('(garbage collector)'), null], // 11: GC
        [frame('(idle)'), null], // 12: idle
        [frame('parse', 'file:///site/node_modules/some-parser/index.js'), null], // 13: unsorted
      ]),
      2,
    );
    expect(sorted.parts).toEqual({
      React: 0.5,
      components: 0.5,
      router: 0.5,
      'turbo-stream': 1,
      loaders: 0.5,
      database: 1,
      Node: 0.5,
      GC: 0.5,
      unsorted: 0.5,
    });
    expect(sorted.busyMs).toBe(5.5);
    expect(sorted.idleMs).toBe(0.5);
  });
});
