/**
 * `node scripts/bench/experiment-traffic.ts ORIGIN [VISITORS] [LEAD_SHARE]`: visitors for the experiments report
 * (`npm run experiments:report`), sent to a running server through its public HTTP interface, each as a browser
 * would be: a first visit to the home page (the server assigns the visitor id and renders the hero's variation),
 * the exposure the page's GrowthBook callback posts (as the beacon form of `/api/clickhouse/store_data/`), and,
 * for a share of visitors, a request from the contact form carrying the `vid` cookie. The variation is read from
 * the page the server rendered, never chosen here; the lead share is the same for every variation, so the report
 * should find no difference. No web vitals are sent: only a real browser measures them.
 *
 * The server must believe each visitor's own address (`TRUST_PROXY=true`: every visitor comes with an
 * `X-Forwarded-For` of its own, as through a proxy) and ask no proof of work (`CAPTCHA_MODE=off`). A demo tool:
 * never point it at a production site.
 */
import { randomInt } from 'node:crypto';
import { antibotHeaders } from '#core/http/antibot.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import { HOME_HERO_CTA } from '#core/flags/features.ts';
import { DEMO_ANTIBOT_SALT } from '../../server/config.ts';

const [origin = 'http://127.0.0.1:3000', visitorsArg = '400', shareArg = '0.1'] = process.argv.slice(2);
const visitors = Number(visitorsArg);
const leadShare = Number(shareArg);
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const wordings = Object.entries(en.home.heroCta) as [string, string][];

function cookieOf(setCookies: string[], name: string): string | null {
  for (const c of setCookies) if (c.startsWith(`${name}=`)) return c.slice(name.length + 1).split(';')[0]!;
  return null;
}

const counts: Record<string, { visitors: number; leads: number }> = {};
let failures = 0;
for (let i = 0; i < visitors; i++) {
  const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const page = await fetch(`${origin}/en`, { headers: { 'user-agent': UA, 'x-forwarded-for': ip } });
  const html = await page.text();
  const setCookies = page.headers.getSetCookie();
  const vid = cookieOf(setCookies, 'vid');
  const csrf = cookieOf(setCookies, 'csrftoken');
  // The hero's main button: the one link to the projects whose text is one of the experiment's wordings.
  const links = [...html.matchAll(/<a [^>]*href="\/en\/projects"[^>]*>([^<]+)</g)].map((m) => m[1]);
  const variation = wordings.find(([, text]) => links.includes(text))?.[0];
  if (!vid || !csrf || !variation) {
    failures++;
    continue;
  }
  const exposure = await fetch(`${origin}/api/clickhouse/store_data/`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin, 'user-agent': UA, 'x-forwarded-for': ip, cookie: `vid=${vid}` },
    body: JSON.stringify({
      user_id: vid,
      experiment_id: HOME_HERO_CTA,
      variation_id: variation,
      ga_id: '',
      value: '',
      host: new URL(origin).host,
      url: `${origin}/en`,
      timestamp: new Date().toISOString(),
      table_name: 'experiment_views',
    }),
  });
  if (exposure.status !== 204) failures++;
  const row = (counts[variation] ??= { visitors: 0, leads: 0 });
  row.visitors++;
  if (Math.random() < leadShare) {
    const url = '/api/request/';
    const lead = await fetch(`${origin}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        'user-agent': UA,
        'x-forwarded-for': ip,
        cookie: `vid=${vid}; csrftoken=${csrf}`,
        'x-csrftoken': csrf,
        'idempotency-key': crypto.randomUUID(),
        ...antibotHeaders(process.env.ANTIBOT_SALT ?? DEMO_ANTIBOT_SALT, 'demo', url),
      },
      body: JSON.stringify({
        name: 'Demo Visitor',
        phone: `+7 916 ${String(randomInt(100, 999))}-${String(randomInt(10, 99))}-${String(randomInt(10, 99))}`,
        consent: true,
        page_url: '/en/contacts',
      }),
    });
    if (lead.status === 201) row.leads++;
    else failures++;
  }
}
console.log(JSON.stringify({ visitors, sent: counts, failures }));
