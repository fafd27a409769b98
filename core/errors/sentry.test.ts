import { describe, expect, it } from 'vitest';
import { dsnOrigin, httpFailureLevel, scrubEvent, scrubSpan, scrubUrl } from './sentry.ts';

describe('error reporting: DSN, levels and the privacy filter', () => {
  it('reads a DSN’s origin, and refuses what is not one', () => {
    expect(dsnOrigin('https://abc@o1.ingest.example.com/42')).toBe('https://o1.ingest.example.com');
    expect(dsnOrigin('http://k@127.0.0.1:9000/errors/7')).toBe('http://127.0.0.1:9000');
    expect(dsnOrigin('https://o1.example.com/42')).toBeNull();
    expect(dsnOrigin('https://k@o1.example.com/abc')).toBeNull();
    expect(dsnOrigin('nonsense')).toBeNull();
  });

  it('reports 404 and 403 as warnings, other failures as errors (spec §8)', () => {
    expect(httpFailureLevel(404)).toBe('warning');
    expect(httpFailureLevel(403)).toBe('warning');
    expect(httpFailureLevel(400)).toBe('error');
    expect(httpFailureLevel(500)).toBe('error');
    expect(httpFailureLevel(null)).toBe('error');
  });

  it('redacts personal query values, or drops the query', () => {
    expect(scrubUrl('/api/x/?lang=ru&phone=%2B7999&email=a%40b.ru#top')).toBe('/api/x/?lang=ru&phone=%5BFiltered%5D&email=%5BFiltered%5D');
    expect(scrubUrl('https://h/p?rooms=2')).toBe('https://h/p?rooms=2');
    expect(scrubUrl('/p?name=Ivan', { dropQuery: true })).toBe('/p');
  });

  it('drops bodies, cookies and credentials, keeps the SDK’s own contexts', () => {
    const event = scrubEvent(
      {
        request: {
          url: '/p?phone=1',
          method: 'POST',
          data: { phone: '+7999' },
          cookies: { vid: 'x' },
          query_string: 'phone=1',
          headers: { cookie: 'vid=x', 'user-agent': 'UA' },
        },
        user: { id: 'v1', email: 'a@b.ru', ip_address: '1.2.3.4' },
        extra: { form: { name: 'Ivan', project: 2 } },
        contexts: { runtime: { name: 'node' }, lead: { phone: '+7999' } },
        breadcrumbs: [{ category: 'fetch', data: { url: '/api/?email=a@b.ru', method: 'GET' } }],
      },
      {},
    );
    expect(event.request).toEqual({ url: '/p?phone=%5BFiltered%5D', method: 'POST', headers: { 'user-agent': 'UA' } });
    expect(event.user).toEqual({ id: 'v1' });
    expect(event.extra).toEqual({ form: { name: '[Filtered]', project: 2 } });
    expect(event.contexts).toEqual({ runtime: { name: 'node' }, lead: { phone: '[Filtered]' } });
    expect(event.breadcrumbs![0]!.data!.url).toBe('/api/?email=%5BFiltered%5D');
  });

  it('cuts the values an error carried from exception values, messages and breadcrumbs (the log lines’ safeMessage)', () => {
    const event = scrubEvent(
      {
        message: 'lead for ivan@mail.ru failed',
        logentry: { message: 'lead for %s', params: ['ivan@mail.ru'] },
        exception: {
          values: [
            { value: 'Failed query: insert into "leads" ("name", "phone", "email") values ($1, $2, $3)\nparams: Иван Петров,+79161234567,ivan@mail.ru' },
            { value: 'invalid input syntax for type integer: "Иван Петров +79161234567"' },
          ],
        },
        breadcrumbs: [{ category: 'console', message: 'sent to 8 (916) 123-45-67', data: { arguments: ['sent to', 'ivan@mail.ru'] } }],
        extra: { note: 'call +79161234567' },
      },
      { dropQuery: true },
    );
    expect(event.exception!.values).toEqual([
      { value: 'Failed query: insert into "leads" ("name", "phone", "email") values ($1, $2, $3)' },
      { value: 'invalid input syntax for type integer: "[redacted]"' },
    ]);
    expect(event.message).toBe('lead for [email] failed');
    expect(event.logentry).toEqual({ message: 'lead for %s' });
    expect(event.breadcrumbs).toEqual([{ category: 'console', message: 'sent to [phone]', data: { arguments: ['sent to', '[email]'] } }]);
    expect(event.extra).toEqual({ note: 'call [phone]' });
    expect(JSON.stringify(event)).not.toMatch(/Иван|ivan@|9161234567|123-45-67/);
  });

  it('scrubs a span’s URL attributes', () => {
    const span = scrubSpan({ name: 'GET /p?phone=1', attributes: { 'url.full': 'https://h/p?phone=1', 'url.query': 'phone=1&a=2', 'http.method': 'GET' } });
    expect(span).toEqual({
      name: 'GET /p?phone=%5BFiltered%5D',
      attributes: { 'url.full': 'https://h/p?phone=%5BFiltered%5D', 'url.query': 'phone=%5BFiltered%5D&a=2', 'http.method': 'GET' },
    });
  });
});
