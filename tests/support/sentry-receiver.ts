import { createServer, type IncomingMessage } from 'node:http';
import { inflateSync } from 'node:zlib';

/** One item of an envelope: its header and its payload (JSON when it parses, else the raw bytes). */
export type EnvelopeItem = { header: { type: string; length?: number; [key: string]: unknown }; payload: unknown; raw: Buffer };
export type Envelope = { url: string; header: Record<string, unknown>; items: EnvelopeItem[] };

/**
 * Parses a Sentry envelope (REFERENCE "Error reporting"): a JSON header line, then item header and payload
 * pairs; a payload is `length` bytes when the item header says so, else runs to the end of its line.
 */
export function parseEnvelope(body: Buffer, url = ''): Envelope {
  let offset = 0;
  const line = (): Buffer => {
    const end = body.indexOf(0x0a, offset);
    const slice = body.subarray(offset, end < 0 ? body.length : end);
    offset = end < 0 ? body.length : end + 1;
    return slice;
  };
  const header = JSON.parse(line().toString('utf8')) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const headerLine = line();
    if (!headerLine.length) continue;
    const itemHeader = JSON.parse(headerLine.toString('utf8')) as EnvelopeItem['header'];
    let raw: Buffer;
    if (typeof itemHeader.length === 'number') {
      raw = body.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length;
      if (body[offset] === 0x0a) offset += 1;
    } else raw = line();
    let payload: unknown = raw;
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      // binary (a replay recording)
    }
    items.push({ header: itemHeader, payload, raw });
  }
  return { url, header, items };
}

/**
 * A replay recording item: a JSON header line (`{"segment_id":0}`), then the rrweb events as JSON, deflated
 * (zlib) by the SDK's compression worker or plain.
 */
export function readReplayRecording(raw: Buffer): { segmentId: number; events: unknown[]; text: string } {
  const newline = raw.indexOf(0x0a);
  const head = JSON.parse(raw.subarray(0, newline).toString('utf8')) as { segment_id: number };
  const body = raw.subarray(newline + 1);
  const text = body[0] === 0x78 ? inflateSync(body).toString('utf8') : body.toString('utf8');
  return { segmentId: head.segment_id, events: JSON.parse(text) as unknown[], text };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export type SentryReceiver = {
  /** A DSN pointing at this receiver, project 5. */
  dsn: string;
  origin: string;
  envelopes: Envelope[];
  /** Every item of a type received so far, with its envelope. */
  items(type: string): { envelope: Envelope; item: EnvelopeItem }[];
  close(): Promise<void>;
};

/** A local stand-in for Sentry's ingest: answers 200 with CORS and keeps every envelope it is sent, parsed. */
export async function startSentryReceiver(): Promise<SentryReceiver> {
  const envelopes: Envelope[] = [];
  const server = createServer(async (request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    response.setHeader('access-control-allow-methods', 'POST, OPTIONS');
    if (request.method === 'OPTIONS') return response.writeHead(200).end();
    const body = await readBody(request);
    if (request.method === 'POST' && /^\/api\/\d+\/envelope\//.test(request.url ?? '')) {
      try {
        envelopes.push(parseEnvelope(body, request.url ?? ''));
      } catch (error) {
        console.error('unparsable envelope', error, body.toString('utf8').slice(0, 500));
      }
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/5`,
    origin: `http://127.0.0.1:${port}`,
    envelopes,
    items: (type) => envelopes.flatMap((envelope) => envelope.items.filter((item) => item.header.type === type).map((item) => ({ envelope, item }))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
