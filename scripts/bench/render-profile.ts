/**
 * Where an uncached render's time goes: a CPU profile of the running server (V8's sampling profiler over the
 * inspector protocol) while it renders one page a given number of times, its samples sorted into the parts of the
 * work (ADR 027). Used by `npm run bench -- ssr` to print, for each template, how much of a render is React, our
 * components, React Router (its own code and its turbo-stream encoding of the hydration data), our loaders and request
 * code, the database client (PGlite runs its queries on this thread), Node (HTTP, compression, streams, microtasks,
 * Fastify), and garbage collection, and the ratio to the static server the page could reach if the router, its
 * encoding, our loaders and the database cost nothing.
 *
 * The parts are told apart by the profile's frames: React's render loop (`performWork` in react-dom's server
 * renderer), React Router's turbo-stream encoder (`encode`, `StreamTransfer`), files under `node_modules/react-router`,
 * and files of this repository. A new version of either library may rename those frames: the "unsorted" share says
 * how much the sorting missed.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';

type CallFrame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export const PARTS = ['React', 'components', 'router', 'turbo-stream', 'loaders', 'database', 'Node', 'GC', 'unsorted'] as const;
export type Part = (typeof PARTS)[number];

/** What the profile saw per render: milliseconds of the main thread in each part, and idle time. */
export type RenderProfile = { renders: number; busyMs: number; idleMs: number; parts: Record<Part, number> };

/** A client of the inspector protocol on `port` (the server runs with `--inspect=127.0.0.1:port`). */
async function inspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`inspector on port ${port} refused the connection`)), { once: true });
  });
  let next = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event: MessageEvent<string>) => {
    const message = JSON.parse(event.data) as { id?: number; result?: unknown };
    if (message.id === undefined) return;
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  return {
    send: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve) => {
        const id = ++next;
        pending.set(id, resolve as (result: unknown) => void);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** Sorts a profile's samples into the parts (see the module's comment). */
export function sortProfile(profile: Profile, renders: number): RenderProfile {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const under = (id: number, names: readonly string[]) => {
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) if (names.includes(byId.get(cur)!.callFrame.functionName)) return true;
    return false;
  };
  const parts = Object.fromEntries(PARTS.map((part) => [part, 0])) as Record<Part, number>;
  let idle = 0;
  const ours = (url: string) => url.includes('/build/server/') || (/\/(app|core|server)\//.test(url) && !url.includes('/node_modules/'));
  for (const [id, micros] of selfTime) {
    const { functionName, url } = byId.get(id)!.callFrame;
    const ms = micros / 1000;
    let part: Part;
    if (functionName === '(idle)') {
      idle += ms;
      continue;
    } else if (functionName === '(garbage collector)') part = 'GC';
    else if (functionName === '(program)') part = 'unsorted';
    else if (under(id, ['encode', 'StreamTransfer', 'encodeViaTurboStream'])) part = 'turbo-stream';
    else if (url.includes('/node_modules/react-router/')) part = 'router';
    else if (under(id, ['performWork'])) part = ours(url) ? 'components' : 'React';
    else if (url.includes('/node_modules/react-dom/')) part = 'React';
    else if (url.startsWith('wasm://') || /\/node_modules\/(@electric-sql\/pglite|drizzle-orm|pg|pg-protocol|pg-pool)\//.test(url)) part = 'database';
    else if (ours(url)) part = 'loaders';
    else if (url.startsWith('node:') || /\/node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request)\//.test(url) || !url) part = 'Node';
    else part = 'unsorted';
    parts[part] += ms;
  }
  let busy = 0;
  for (const part of PARTS) {
    busy += parts[part];
    parts[part] /= renders;
  }
  return { renders, busyMs: busy / renders, idleMs: idle / renders, parts };
}

/**
 * Profiles the server behind `url` (inspector on `inspectorPort`) while it answers `renders` requests for it, four at
 * a time, after a warm-up of 100. With `BENCH_PROFILE_DIR` set, the profile is also saved there (`<name>.cpuprofile`, for
 * Chrome DevTools' Performance panel).
 */
export async function profileRenders(
  url: string,
  inspectorPort: number,
  renders: number,
  headers: Record<string, string>,
  name = 'render',
): Promise<RenderProfile> {
  await autocannon({ url, connections: 4, amount: 100, headers });
  const session = await inspector(inspectorPort);
  try {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 200 });
    await session.send('Profiler.start');
    await autocannon({ url, connections: 4, amount: renders, headers });
    const { profile } = await session.send<{ profile: Profile }>('Profiler.stop');
    if (process.env.BENCH_PROFILE_DIR) writeFileSync(join(process.env.BENCH_PROFILE_DIR, `${name.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(profile));
    return sortProfile(profile, renders);
  } finally {
    session.close();
  }
}
