import pg from 'pg';

type Logger = { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };

export type ChannelHandlers = {
  /** A notification on the channel (its payload). */
  onNotify: (payload: string) => void;
  /** Listening (again): notifications sent while not listening are lost, so the caller reads what it follows now. */
  onListening?: () => void;
};

export type ChannelListener = {
  /** Whether the dedicated connection is listening now. */
  readonly listening: boolean;
  close: () => Promise<void>;
};

export type ListenOptions = {
  /** The first reconnection's delay (ms); doubled after each failed attempt up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  log?: Logger;
};

/**
 * `LISTEN channel` on a connection of its own (a pooled one would be handed to other queries and lose it): when
 * the connection drops (a restart, a failover, an administrator's `pg_terminate_backend`) it is opened again with
 * backoff, 100 ms doubling up to 10 s, for as long as the listener is open; the loss is logged once per outage.
 */
export function listenChannel(url: string, channel: string, handlers: ChannelHandlers, opts: ListenOptions = {}): ChannelListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const minMs = opts.minBackoffMs ?? 100;
  const maxMs = opts.maxBackoffMs ?? 10_000;
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let warned = false;

  const lost = (error: unknown) => {
    listening = false;
    if (closed) return;
    if (!warned) {
      warned = true;
      opts.log?.warn({ err: error }, `database notifications (${channel}) lost; reconnecting with backoff, polling meanwhile`);
    }
    schedule();
  };

  const schedule = () => {
    if (closed || retry) return;
    const delay = Math.min(maxMs, minMs * 2 ** Math.min(attempt, 20));
    attempt += 1;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    client = next;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      // Ended quietly: a second error of a dead connection must not reach the process.
      next.on('error', () => {});
      void next.end().catch(() => {});
      lost(error);
    };
    next.on('error', fail);
    next.on('end', () => fail(new Error('connection ended')));
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      fail(error);
      return;
    }
    if (failed) return;
    if (closed) {
      // Closed while connecting: this connection is nobody's.
      next.removeAllListeners();
      next.on('error', () => {});
      await next.end().catch(() => {});
      return;
    }
    listening = true;
    attempt = 0;
    if (warned) opts.log?.info?.({}, `database notifications (${channel}) listening again`);
    warned = false;
    handlers.onListening?.();
  }

  void connect();
  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      retry = null;
      const last = client;
      client = null;
      if (last) {
        last.removeAllListeners();
        last.on('error', () => {});
        await last.end().catch(() => {});
      }
    },
  };
}
