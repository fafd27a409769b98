import { afterAll, beforeAll } from 'vitest';
import { fakeCrm } from './leads-fakes.ts';
import { startServer, type RunningServer } from './server.ts';

const SECRET = 'e2e-crm-secret-0123456789abcdef';

/**
 * A test file's own production server whose leads go to a fake CRM on loopback (signed with a secret of the test's),
 * started before the file's tests and stopped after them. Proof of work is off and the outbox polls often; `env`
 * adds or overrides the server's settings. Read `server` and `crm` inside tests and hooks (they exist once started).
 */
export function setupServerWithCrm(env: Record<string, string> = {}): { readonly server: RunningServer; readonly crm: Awaited<ReturnType<typeof fakeCrm>> } {
  const state: { server?: RunningServer; crm?: Awaited<ReturnType<typeof fakeCrm>> } = {};
  beforeAll(async () => {
    state.crm = await fakeCrm(SECRET);
    state.server = await startServer({ CRM_WEBHOOK_URL: state.crm.url, CRM_WEBHOOK_SECRET: SECRET, CAPTCHA_MODE: 'off', LEADS_POLL_MS: '200', ...env });
  });
  afterAll(async () => {
    await state.server?.stop();
    await state.crm?.close();
  });
  return {
    get server() {
      if (!state.server) throw new Error('the server is not started yet: read it inside a test or a hook');
      return state.server;
    },
    get crm() {
      if (!state.crm) throw new Error('the fake CRM is not started yet: read it inside a test or a hook');
      return state.crm;
    },
  };
}
