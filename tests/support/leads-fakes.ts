import { createHmac } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { expect, vi } from 'vitest';

export type CrmReceipt = { id: string; body: Record<string, unknown>; headers: IncomingMessage['headers']; signatureOk: boolean };

/**
 * The CRM's copy of lead `id`, once `deliver` (an outbox's `runOnce`) or the app's own outbox job, whichever leases the
 * row first, has sent it: `deliver` runs until the receiver has it (bounded; a busy run may take a moment).
 */
export function receivedByCrm(crm: { unique: Map<string, CrmReceipt> }, id: string, deliver: () => Promise<unknown>): Promise<CrmReceipt> {
  return vi.waitFor(
    async () => {
      await deliver();
      const got = crm.unique.get(id);
      expect(got, 'the CRM got the lead').toBeDefined();
      return got!;
    },
    { timeout: 60_000, interval: 100 },
  );
}

/**
 * A CRM webhook receiver on 127.0.0.1 that stores leads by their Idempotency-Key (as a real CRM
 * integration must) and can be told to fail: `failing` answers 503 to everything.
 */
export async function fakeCrm(secret: string) {
  const receipts: CrmReceipt[] = [];
  const unique = new Map<string, CrmReceipt>();
  const state = { failing: false, failures: 0, delayMs: 0 };
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const finish = () => {
        if (state.failing) {
          state.failures++;
          response.writeHead(503).end('down');
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const timestamp = String(request.headers['x-lead-timestamp']);
        const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`;
        const receipt = {
          id: String(request.headers['idempotency-key']),
          body: JSON.parse(raw) as Record<string, unknown>,
          headers: request.headers,
          signatureOk: expected === request.headers['x-lead-signature'],
        };
        receipts.push(receipt);
        if (!unique.has(receipt.id)) unique.set(receipt.id, receipt);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      };
      if (state.delayMs) setTimeout(finish, state.delayMs);
      else finish();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/crm/leads`,
    receipts,
    unique,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The smallest SMTP server nodemailer can talk to (no TLS, no auth), collecting each message's DATA. */
export async function fakeSmtp() {
  const messages: string[] = [];
  const server = createNetServer((socket) => {
    let data = false;
    let buffer = '';
    let message = '';
    // A client killed mid-message (the reliability checks SIGKILL senders) resets its connection.
    socket.on('error', () => {});
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (data) {
          if (line === '.') {
            data = false;
            messages.push(message);
            message = '';
            socket.write('250 queued\r\n');
          } else message += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
