import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listenWithAcceptors } from '#server/http/acceptors.ts';
import { freePort } from '#tests/support/server.ts';

/** Listening TCP sockets on a port, as the kernel lists them (/proc/net/tcp: state 0A is LISTEN). */
function listeningSockets(port: number): number {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => {
      const fields = line.trim().split(/\s+/);
      return fields[1]?.endsWith(`:${hex}`) && fields[3] === '0A';
    }).length;
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });
}

function site(): FastifyInstance {
  const app = Fastify();
  app.get('/who', async (request) => ({ remote: request.socket.remoteAddress }));
  return app;
}

describe.runIf(process.platform === 'linux')('several listening sockets on the site port', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('listens on as many sockets as configured, answers every connection from the one server, and closes them all', async () => {
    const port = await freePort();
    const app = site();
    apps.push(app);
    await listenWithAcceptors(app, { port, host: '127.0.0.1', sockets: 4 });
    expect(listeningSockets(port)).toBe(4);

    // Fresh connections (no keep-alive), so the kernel spreads them over the sockets.
    const answers = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const response = await fetch(`http://127.0.0.1:${port}/who`, { headers: { connection: 'close' } });
        return { status: response.status, body: (await response.json()) as { remote: string } };
      }),
    );
    expect(answers.every((answer) => answer.status === 200 && answer.body.remote === '127.0.0.1')).toBe(true);

    await apps.pop()!.close();
    expect(listeningSockets(port)).toBe(0);
    expect(await refused(port)).toBe(true);
  });

  it('answers a client that half-closes after its request, on whichever socket took it', async () => {
    const port = await freePort();
    const app = site();
    apps.push(app);
    await listenWithAcceptors(app, { port, host: '127.0.0.1', sockets: 4 });
    const ask = () =>
      new Promise<string>((resolve, reject) => {
        let text = '';
        const socket = connect(port, '127.0.0.1', () => socket.end('GET /who HTTP/1.1\r\nHost: site\r\n\r\n'));
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.once('close', () => resolve(text));
        socket.once('error', reject);
      });
    const answers = await Promise.all(Array.from({ length: 40 }, ask));
    expect(answers.filter((answer) => answer.startsWith('HTTP/1.1 200') && answer.includes('"remote":"127.0.0.1"'))).toHaveLength(40);
  });

  it('still refuses a port another server is listening on (SO_REUSEPORT does not let a second copy share it)', async () => {
    const port = await freePort();
    const first = site();
    apps.push(first);
    await listenWithAcceptors(first, { port, host: '127.0.0.1', sockets: 4 });
    const second = site();
    apps.push(second);
    await expect(listenWithAcceptors(second, { port, host: '127.0.0.1', sockets: 4 })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(listeningSockets(port)).toBe(4);
  });

  it('listens on one socket when asked for one', async () => {
    const port = await freePort();
    const app = site();
    apps.push(app);
    await listenWithAcceptors(app, { port, host: '127.0.0.1', sockets: 1 });
    expect(listeningSockets(port)).toBe(1);
  });
});
