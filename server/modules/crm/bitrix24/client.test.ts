import { describe, expect, it } from 'vitest';
import { CrmAuthError, CrmRateLimitError } from '../adapter.ts';
import { Bitrix24Error, createBitrix24Client, DEFAULT_RETRY_AFTER_MS } from './client.ts';
import { bitrix24ConfigSchema } from '../config.ts';
import { BITRIX24_DEFAULT_STAGES, bitrix24Settings, categoryOfStage, dealInScope, stageTargetOf } from './settings.ts';

const WEBHOOK = 'https://example.bitrix24.ru/rest/1/s3cr3tc0de/';

/** A client whose every call is answered `status` with `body` (and `headers`); `seen` keeps the addresses asked. */
function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const seen: string[] = [];
  const client = createBitrix24Client({
    webhookUrl: WEBHOOK,
    timeoutMs: 1_000,
    fetch: async (url) => {
      seen.push(String(url));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
    },
  });
  return { client, seen };
}

const failure = async (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as Error,
  );

describe("Bitrix24's answers, as the adapter reads them", () => {
  it('calls <webhook><method>.json and resolves with the result', async () => {
    const { client, seen } = answering(200, { result: 42, time: {} });
    expect(await client.call('crm.lead.add', { fields: { TITLE: 'x' } })).toBe(42);
    expect(seen).toEqual([`${WEBHOOK}crm.lead.add.json`]);
  });

  it('reads a rate limit from 429, 503 and QUERY_LIMIT_EXCEEDED, with Retry-After or 2 s', async () => {
    const limited = await failure(answering(503, { error: 'QUERY_LIMIT_EXCEEDED', error_description: 'Too many requests' }).client.call('crm.lead.add', {}));
    expect(limited).toBeInstanceOf(CrmRateLimitError);
    expect((limited as CrmRateLimitError).retryAfterMs).toBe(DEFAULT_RETRY_AFTER_MS);
    const told = await failure(answering(429, {}, { 'retry-after': '30' }).client.call('crm.lead.list', {}));
    expect((told as CrmRateLimitError).retryAfterMs).toBe(30_000);
    // Bitrix24 may say it with 200's neighbour, 400.
    expect(await failure(answering(400, { error: 'QUERY_LIMIT_EXCEEDED' }).client.call('crm.deal.get', {}))).toBeInstanceOf(CrmRateLimitError);
  });

  it('reads refused credentials from 401 and the token and scope codes', async () => {
    for (const [status, code] of [
      [401, 'NO_AUTH_FOUND'],
      [401, 'expired_token'],
      [401, 'INVALID_CREDENTIALS'],
      [403, 'insufficient_scope'],
      [401, ''],
    ] as const)
      expect(await failure(answering(status, code ? { error: code, error_description: 'x' } : {}).client.call('crm.lead.add', {}))).toBeInstanceOf(
        CrmAuthError,
      );
  });

  it('takes ACCESS_DENIED on one entity as an ordinary failure, not refused credentials (a refused webhook answers 401)', async () => {
    const denied = await failure(answering(403, { error: 'ACCESS_DENIED', error_description: 'Access denied.' }).client.call('crm.deal.update', {}));
    expect(denied).toBeInstanceOf(Bitrix24Error);
    expect(denied).not.toBeInstanceOf(CrmAuthError);
    expect(await failure(answering(401, { error: 'ACCESS_DENIED' }).client.call('crm.deal.update', {}))).toBeInstanceOf(CrmAuthError);
  });

  it('says the method and code only: never the webhook’s code nor the description, which may quote what was sent', async () => {
    const error = await failure(answering(400, { error: 'ERROR_CORE', error_description: 'Phone +79161234567 is wrong' }).client.call('crm.contact.add', {}));
    expect(error).toBeInstanceOf(Bitrix24Error);
    expect(error!.message).toBe('Bitrix24 crm.contact.add answered 400 ERROR_CORE');
    const notFound = await failure(answering(400, { error: '', error_description: 'Not found' }).client.call('crm.deal.get', { id: 9 }));
    expect((notFound as Bitrix24Error).notFound).toBe(true);
    const unreachable = await failure(
      createBitrix24Client({ webhookUrl: WEBHOOK, timeoutMs: 1_000, fetch: () => Promise.reject(new TypeError(`fetch failed: ${WEBHOOK}`)) }).call(
        'crm.lead.add',
        {},
      ),
    );
    expect(unreachable!.message).toBe('Bitrix24 crm.lead.add unreachable: network error');
    expect(unreachable!.message).not.toContain('s3cr3tc0de');
  });

  it('maps a stage by its full id, then by its code without the pipeline', () => {
    const stages = { ...BITRIX24_DEFAULT_STAGES, 'C1:UC_SIGNED': 'contract_signed' as const };
    expect(stageTargetOf(stages, 'PREPARATION')).toBe('contract_prepared');
    expect(stageTargetOf(stages, 'C3:WON')).toBe('keys');
    expect(stageTargetOf(stages, 'C1:UC_SIGNED')).toBe('contract_signed');
    expect(stageTargetOf(stages, 'C1:LOSE')).toBe('release');
    expect(stageTargetOf(stages, 'C2:UC_OTHER')).toBeNull();
  });

  it('lets BITRIX24_STAGES switch a default off with "ignore" or null, and follows only its own pipeline', () => {
    const settingsOf = (env: Record<string, string>) =>
      bitrix24Settings({ ...bitrix24ConfigSchema.parse({ BITRIX24_WEBHOOK_URL: WEBHOOK, ...env }), CRM_TIMEOUT_MS: 10_000 })!;
    const off = settingsOf({ BITRIX24_STAGES: '{"LOSE":"ignore","APOLOGY":null,"C1:LOSE":"ignore"}' });
    expect(stageTargetOf(off.stages, 'LOSE')).toBeNull();
    expect(stageTargetOf(off.stages, 'APOLOGY')).toBeNull();
    expect(stageTargetOf(off.stages, 'C1:LOSE')).toBeNull();
    expect(stageTargetOf(off.stages, 'WON')).toBe('keys');
    expect(() => settingsOf({ BITRIX24_STAGES: '{"LOSE":"nothing"}' })).toThrow(/BITRIX24_STAGES/);
    // The default pipeline (0): its deals are ours, another pipeline's LOSE is not.
    const main = settingsOf({});
    expect(categoryOfStage('LOSE')).toBe(0);
    expect(categoryOfStage('C3:LOSE')).toBe(3);
    expect(dealInScope(main, { categoryId: 0, stageId: 'LOSE' })).toBe(true);
    expect(dealInScope(main, { categoryId: 3, stageId: 'C3:LOSE' })).toBe(false);
    expect(dealInScope(main, { categoryId: null, stageId: 'C3:LOSE' })).toBe(false);
    // Pipeline 1: its own stages are ours; the default pipeline's are not, unless the map names another's stage in full.
    const one = settingsOf({ BITRIX24_DEAL_CATEGORY_ID: '1', BITRIX24_STAGES: '{"C2:UC_SIGNED":"contract_signed"}' });
    expect(dealInScope(one, { categoryId: 1, stageId: 'C1:LOSE' })).toBe(true);
    expect(dealInScope(one, { categoryId: 0, stageId: 'LOSE' })).toBe(false);
    expect(dealInScope(one, { categoryId: 2, stageId: 'C2:UC_SIGNED' })).toBe(true);
    expect(dealInScope(one, { categoryId: 2, stageId: 'C2:LOSE' })).toBe(false);
  });
});
