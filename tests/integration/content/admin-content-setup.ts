import { expect } from 'vitest';
import type { TestApp } from '#tests/support/app.ts';
import type { signedInStaff } from '#tests/support/admin.ts';

/**
 * What the content kinds' tests share (admin-content-addresses, -finance, -home, -site and -auctions): an editor's
 * calls to the back office's API in their language, the public API's answers, and an item's audit trail. Each file
 * builds its own app with the demo catalogue and signs an editor in, so its edits never meet another file's.
 */

export type Staffer = Awaited<ReturnType<typeof signedInStaff>>;
export type Item = { id: string; version: string; values: Record<string, unknown>; publicPath: string | null };
export type History = { id: string; action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[];

export const text = (ru: string, en = '', zh = '') => ({ ru, en, zh });

/** The editor's calls to the app, both read from `session()` at each call (they exist only once `beforeAll` ran). */
export function editorCalls(session: () => { t: TestApp; editor: Staffer }) {
  const app = () => session().t;
  const editor = () => session().editor;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, locale: 'ru' | 'en' = 'en') =>
    app().app.inject({
      method,
      url,
      headers: { ...editor().headers(method === 'DELETE' ? url : url.split('?')[0]!), cookie: `${editor().headers('/').cookie}; admin_locale=${locale}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const publicJson = async (url: string) => {
    const res = await app().app.inject(url);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json();
  };
  const history = async (url: string) => (await call('GET', url)).json().history as History;
  return { call, publicJson, history };
}
