import { describe, expect, it } from 'vitest';
import { AMOCRM_DEFAULT_STATUSES, amocrmConfigSchema, amoSettings } from './config.ts';
import { parseAmoWebhook, secretMatches, stageOfStatus, WEBHOOK_MAX_DEALS } from './webhook.ts';

const form = (pairs: Record<string, string>) => new URLSearchParams(pairs);

describe("amoCRM's webhook form", () => {
  it('reads the deal ids of status changes and updates, each once, and the account', () => {
    const parsed = parseAmoWebhook(
      form({
        'leads[status][0][id]': '20000001',
        'leads[status][0][status_id]': '142',
        'leads[status][0][pipeline_id]': '7000001',
        'leads[status][1][id]': '20000002',
        'leads[update][0][id]': '20000001',
        'leads[update][0][name]': 'Анна',
        'account[subdomain]': 'Developer',
        'account[id]': '31000001',
      }),
    );
    expect(parsed).toEqual({ ok: true, webhook: { subdomain: 'developer', dealIds: [20_000_001, 20_000_002] } });
  });

  it('names the field that is wrong: no account, a deal id that is not digits, no deal at all, too many', () => {
    expect(parseAmoWebhook(form({ 'leads[status][0][id]': '1' }))).toEqual({ ok: false, errors: { 'account[subdomain]': [expect.any(String)] } });
    expect(parseAmoWebhook(form({ 'leads[status][0][id]': '1; drop', 'account[subdomain]': 'a' }))).toEqual({
      ok: false,
      errors: { 'leads[status][0][id]': [expect.any(String)] },
    });
    expect(parseAmoWebhook(form({ 'account[subdomain]': 'a', 'contacts[add][0][id]': '5' }))).toEqual({
      ok: false,
      errors: { 'leads[status][0][id]': [expect.any(String)] },
    });
    const many = Object.fromEntries(Array.from({ length: WEBHOOK_MAX_DEALS + 1 }, (_, i) => [`leads[update][${i}][id]`, String(i + 1)]));
    expect(parseAmoWebhook(form({ ...many, 'account[subdomain]': 'a' }))).toMatchObject({ ok: false, errors: { leads: [expect.any(String)] } });
  });

  it('compares the secret whole, of any length', () => {
    const secret = 'amo-webhook-secret-0123456789';
    expect(secretMatches(secret, secret)).toBe(true);
    expect(secretMatches(secret.slice(0, -1), secret)).toBe(false);
    expect(secretMatches(`${secret}x`, secret)).toBe(false);
    expect(secretMatches('', secret)).toBe(false);
  });

  it('maps won and lost by default, and a status not in the map to nothing', () => {
    expect(stageOfStatus(AMOCRM_DEFAULT_STATUSES, '142')).toBe('contract_signed');
    expect(stageOfStatus(AMOCRM_DEFAULT_STATUSES, '143')).toBe('release');
    expect(stageOfStatus(AMOCRM_DEFAULT_STATUSES, '7100001')).toBeNull();
    expect(stageOfStatus(AMOCRM_DEFAULT_STATUSES, 'constructor')).toBeNull();
  });

  it('lets AMOCRM_STATUSES switch a default off with "ignore" or null', () => {
    const settingsOf = (statuses: string) =>
      amoSettings({
        ...amocrmConfigSchema.parse({
          AMOCRM_BASE_URL: 'https://acme.amocrm.ru',
          AMOCRM_TOKEN: 't'.repeat(20),
          AMOCRM_ID_FIELD_ID: '1',
          AMOCRM_STATUSES: statuses,
        }),
        CRM_TIMEOUT_MS: 10_000,
      })!;
    expect(stageOfStatus(settingsOf('{"143":"ignore"}').statuses, '143')).toBeNull();
    expect(stageOfStatus(settingsOf('{"143":null,"142":"keys"}').statuses, '143')).toBeNull();
    expect(stageOfStatus(settingsOf('{"143":null,"142":"keys"}').statuses, '142')).toBe('keys');
    expect(() => settingsOf('{"143":"nothing"}')).toThrow(/AMOCRM_STATUSES/);
  });
});
