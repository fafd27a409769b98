import { createServer, type AddressInfo, type Server, type ServerOpts } from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';

/**
 * More than one listening socket on the site's port, in this one process (ADR 010).
 *
 * libuv accepts one connection per event-loop turn (libuv/libuv#3696), so under load connections wait in the
 * kernel's accept queue. With SO_REUSEPORT the kernel spreads them over `sockets` listeners, each accepted from
 * once per turn; every connection still goes to the one HTTP server, so limits and shutdown are unchanged.
 *
 * SO_REUSEPORT would also let a second copy of the site bind the port and silently take half the traffic: the port
 * is first bound without it, so a port in use still fails with EADDRINUSE.
 */
export async function listenWithAcceptors(app: FastifyInstance, opts: { port: number; host: string; sockets: number; clusterWorker?: boolean }): Promise<void> {
  // A cluster's worker (server/cluster.ts) binds its own sockets (`exclusive`: not the primary's shared handle) with
  // SO_REUSEPORT beside its siblings'; the primary checked the port was free before forking them.
  const worker = opts.clusterWorker === true && process.platform === 'linux';
  const spread = (opts.sockets > 1 || worker) && process.platform === 'linux';
  if (!spread) {
    await app.listen({ port: opts.port, host: opts.host });
    return;
  }
  if (!worker) await assertPortFree(opts.port, opts.host);
  const acceptors: Server[] = [];
  // Closing stops taking new connections on every socket; the HTTP server then finishes the ones it has.
  app.addHook('preClose', async () => {
    await Promise.all(acceptors.map((acceptor) => new Promise<void>((resolve) => acceptor.close(() => resolve()))));
  });

  // Fastify hands unknown listen options to `server.listen` (its types do not list `reusePort`).
  const listenOptions: FastifyListenOptions & { reusePort: boolean; exclusive: boolean } = {
    port: opts.port,
    host: opts.host,
    reusePort: true,
    exclusive: worker,
  };
  await app.listen(listenOptions);

  // Fastify may listen on more than one address for one host ('localhost': 127.0.0.1 and ::1).
  for (const address of app.addresses().filter((bound): bound is AddressInfo => typeof bound === 'object')) {
    for (let i = 1; i < opts.sockets; i++) {
      const acceptor = createServer(socketOptions(app.server), (socket) => app.server.emit('connection', socket));
      await new Promise<void>((resolve, reject) => {
        acceptor.once('error', reject);
        acceptor.listen({ port: address.port, host: address.address, reusePort: true, exclusive: worker }, () => {
          acceptor.off('error', reject);
          resolve();
        });
      });
      acceptors.push(acceptor);
    }
  }
}

/**
 * The socket options the HTTP server gives its own connections (`http.Server` passes them to `net.Server`:
 * half-open allowed, no delay, keep-alive, buffer size), so a connection is the same whichever socket took it.
 */
function socketOptions(server: FastifyInstance['server']): ServerOpts {
  const own = server as unknown as Required<Pick<ServerOpts, 'allowHalfOpen' | 'noDelay' | 'keepAlive' | 'keepAliveInitialDelay' | 'highWaterMark'>>;
  return {
    allowHalfOpen: own.allowHalfOpen,
    noDelay: own.noDelay,
    keepAlive: own.keepAlive,
    // Kept in seconds on the server, given in milliseconds.
    keepAliveInitialDelay: own.keepAliveInitialDelay * 1000,
    highWaterMark: own.highWaterMark,
  };
}

/** Fails with EADDRINUSE when anything listens on the port (a port of 0 is always free). */
export function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host: host === 'localhost' ? '127.0.0.1' : host, exclusive: true }, () => {
      const { port: bound } = probe.address() as AddressInfo;
      probe.close(() => (bound === port ? resolve() : reject(new Error(`port ${port} could not be checked`))));
    });
  });
}
