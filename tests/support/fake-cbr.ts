import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { moscowDay } from '#core/currency/rates.ts';

/** The Bank of Russia's XML_daily as published (windows-1251 bytes), rates of 28 November 2026. */
const FEED = readFileSync(new URL('../fixtures/currency/xml-daily.xml', import.meta.url));
/** The rates the stand-in's feed carries, roubles for one unit. */
export const FEED_RATES = { usd: 78.2284, eur: 90.6135, cny: 11.0151, aed: 21.3025 } as const;

/** A Moscow calendar day `days` from today (negative: past), `YYYY-MM-DD`. */
export const moscowDayFromToday = (days: number) => moscowDay(new Date(Date.now() + days * 86_400_000));

/**
 * The Bank of Russia's daily rates feed on 127.0.0.1, for the tests: `GET /scripts/XML_daily.asp` answers the
 * published bytes (windows-1251, as the bank's `Content-Type` says) with the day the test sets (`day`, today by
 * default, so freshness needs no clock of the test's), and `failNext(n, status)` answers the next n requests with
 * that status instead (0: the connection is reset, no answer at all). `requests` counts what it was asked.
 */
export async function fakeCbr() {
  let day = moscowDayFromToday(0);
  let failures: number[] = [];
  let requests = 0;
  const server = createServer((request, response) => {
    requests++;
    if (request.method !== 'GET' || !request.url?.startsWith('/scripts/XML_daily.asp')) return response.writeHead(404).end();
    const failure = failures.shift();
    if (failure === 0) return request.socket.destroy();
    if (failure !== undefined) return response.writeHead(failure, { 'content-type': 'text/html' }).end('<html>Сервис недоступен</html>');
    const [year, month, date] = day.split('-');
    // The day is ASCII in windows-1251 too: replaced in the bytes.
    const body = Buffer.from(FEED.toString('latin1').replace('Date="28.11.2026"', `Date="${date}.${month}.${year}"`), 'latin1');
    response.writeHead(200, { 'content-type': 'application/xml; charset=windows-1251', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/scripts/XML_daily.asp`,
    /** The day the feed's rates are set for (`YYYY-MM-DD`). */
    setDay(next: string) {
      day = next;
    },
    failNext(count: number, status: number) {
      failures = [...failures, ...Array.from({ length: count }, () => status)];
    },
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeCbr = Awaited<ReturnType<typeof fakeCbr>>;
