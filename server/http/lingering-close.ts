import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { hasUnreadBody } from './error-page.ts';

/** How long a connection answered before its body was read keeps dropping what the client still sends. */
export const LINGER_MS = 2000;

/**
 * Answering before a request's body is read (a body too large, a refused origin, overload) ends with
 * `Connection: close`. Node closes such a socket at once once the answer is out; with the client's bytes
 * still unread, the kernel then resets the connection and the client (a browser mid-upload) may lose the
 * answer and show "connection reset" instead of the 413. This closes in stages instead (RFC 9112 §9.6): the
 * answer and our FIN go out, what the client still sends is read and dropped (nothing is kept), and the
 * socket is closed when the client closes it or after LINGER_MS.
 */
export function registerLingeringClose(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    // A request without a body is whole once its headers are read (Node marks it complete a moment later):
    // lingering would only hold, for LINGER_MS, a client that already sent its next request on this connection.
    if (request.raw.complete || !hasUnreadBody(request) || String(reply.getHeader('connection')).toLowerCase() !== 'close') return;
    lingerOnClose(request.raw.socket);
  });
}

function lingerOnClose(socket: Socket | null): void {
  if (!socket || socket.destroyed) return;
  // Without destroySoon, Node's http server ends the socket (half-close) instead of destroying it.
  Object.defineProperty(socket, 'destroySoon', { value: undefined, configurable: true, writable: true });
  socket.once('finish', () => {
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}
