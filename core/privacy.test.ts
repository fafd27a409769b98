import { describe, expect, it } from 'vitest';
import { hasPersonalShape, hideDealToken, redactPersonal, safeMessage } from './privacy.ts';

describe('what personal data looks like', () => {
  it('finds e-mail addresses and phone numbers, written or percent-encoded', () => {
    for (const text of [
      'ivan@mail.ru',
      'Иван Петров +7 916 123-45-67 ivan@mail.ru',
      '+79161234567',
      '%2B79161234567',
      '79161234567',
      '89161234567',
      '8 (916) 123-45-67',
      '916 123-45-67',
      '9161234567',
      '+44 20 7946 0958',
      '/u/ivan.petrov/inbox/79161234567',
      'anna%40example.ru',
    ]) {
      expect(hasPersonalShape(text), text).toBe(true);
    }
  });

  it('leaves ids, prices, dates and counters’ client ids alone', () => {
    for (const text of ['13012345678', '54321987', '1833409912.1764000000', '1700000000123456789', '2026-11-25', '12500000', 'spring-2026', '/en/projects/2']) {
      expect(hasPersonalShape(text), text).toBe(false);
    }
  });

  it('redacts them in a text, and cuts a database error’s parameters and quoted values', () => {
    expect(redactPersonal('call Иван at +7 916 123-45-67 or ivan@mail.ru')).toBe('call Иван at [phone] or [email]');
    expect(redactPersonal('/api/?email=anna@example.ru&x=1')).toBe('/api/?email=[email]&x=1');
    expect(safeMessage('Failed query: insert into "leads" ("name", "phone") values ($1, $2)\nparams: Иван Петров,+79161234567')).toBe(
      'Failed query: insert into "leads" ("name", "phone") values ($1, $2)',
    );
    expect(safeMessage('invalid input syntax for type integer: "Иван Петров"')).toBe('invalid input syntax for type integer: "[redacted]"');
    expect(safeMessage('no lead for 89161234567 (ivan@mail.ru)')).toBe('no lead for [phone] ([email])');
  });
});

describe('hideDealToken', () => {
  it('writes the deal token of a page, its language version or its documents as [token], and nothing else', () => {
    const token = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWo';
    expect(hideDealToken(`/deal/${token}`)).toBe('/deal/[token]');
    expect(hideDealToken(`https://site.ru/en/deal/${token}?x=1`)).toBe('https://site.ru/en/deal/[token]?x=1');
    expect(hideDealToken(`/deal/${token}/documents/3`)).toBe('/deal/[token]/documents/3');
    expect(hideDealToken('/api/deals/4f1c/events/')).toBe('/api/deals/4f1c/events/');
  });

  it("writes a CRM webhook's secret path segment as [secret]", () => {
    expect(hideDealToken('/api/crm/amocrm/events/s3cret-0123456789abcdef/')).toBe('/api/crm/amocrm/events/[secret]/');
    expect(hideDealToken('https://site.ru/api/crm/amocrm/events/s3cret?x=1')).toBe('https://site.ru/api/crm/amocrm/events/[secret]?x=1');
    expect(hideDealToken('/api/crm/bitrix24/events/')).toBe('/api/crm/bitrix24/events/');
  });
});
