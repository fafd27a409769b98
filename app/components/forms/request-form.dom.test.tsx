import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '#core/i18n/catalogs/en/index.ts';
// The API client loads its antibot digest with its first call: loaded here, a call answers within the test's act().
import '#core/http/antibot.ts';
// So are the schemas the form loads on its first submit.
import '#core/schemas/lead.ts';
import '#app/components/forms/validation-words.ts';
import { renderInRoute } from '#tests/fixtures/dom.tsx';
import { RequestForm } from './request-form.tsx';
import { OVERLOAD_RETRIES } from './use-lead-form.ts';

/**
 * The request form when the server is busy: a 503 took nothing, so the form sends the same request again after the
 * answer's Retry-After, with the same idempotency key, a few times before it shows its error view. (The server never
 * sheds a lead while its database answers: tests/integration/http/admission.test.ts.)
 */
type Post = { key: string | null; body: Record<string, string> };
let posts: Post[];
let answers: Response[];

const busy = () =>
  new Response(JSON.stringify({ detail: 'The site is busy' }), { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '5' } });
const accepted = () => new Response(JSON.stringify({ id: 'lead-1', message: 'ok' }), { status: 201, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.useFakeTimers();
  posts = [];
  answers = [];
  document.cookie = `csrftoken=${'c'.repeat(43)}`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost:3000');
      if (url.pathname === '/api/captcha_bypass/') return new Response(JSON.stringify({ bypass: true }), { headers: { 'content-type': 'application/json' } });
      const headers = (init?.headers ?? {}) as Record<string, string>;
      posts.push({ key: headers['idempotency-key'] ?? null, body: JSON.parse(String(init?.body)) as Record<string, string> });
      return answers.shift() ?? accepted();
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the form's promises (schemas, captcha, post) run; the clock does not move. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await act(async () => {});
};
/** Moves the clock on by `ms`, running what falls due. */
const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

async function submit() {
  renderInRoute(<RequestForm />, { locale: 'en', path: '/en/contacts' });
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${en.forms.fields.name}`) }), { target: { value: 'Anna' } });
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${en.forms.fields.phone}`) }), { target: { value: '+7 916 123-45-67' } });
  fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(en.forms.fields.consent) }));
  fireEvent.click(screen.getByRole('button', { name: en.forms.actions.send }));
  await settle();
}

describe('a lead form answered 503', () => {
  it('sends the same request again after Retry-After, with the same key, and shows its success', async () => {
    answers = [busy(), busy()];
    await submit();
    expect(posts).toHaveLength(1);
    // Not before the server's Retry-After (5 s).
    await wait(4_900);
    expect(posts).toHaveLength(1);
    expect((screen.getByRole('button', { name: en.forms.actions.sending }) as HTMLButtonElement).disabled).toBe(true);
    await wait(100);
    expect(posts).toHaveLength(2);
    await wait(5_000);
    await settle();
    expect(posts).toHaveLength(3);
    expect(posts[0]!.key).toMatch(/\S/);
    expect(posts.map((post) => post.key)).toEqual([posts[0]!.key, posts[0]!.key, posts[0]!.key]);
    expect(posts.map((post) => post.body)).toEqual([posts[0]!.body, posts[0]!.body, posts[0]!.body]);
    expect(screen.getByRole('heading', { name: en.forms.success.title })).toBeTruthy();
  });

  it(`gives up after ${OVERLOAD_RETRIES} retries and shows the error view, whose "try again" keeps the key`, async () => {
    answers = Array.from({ length: OVERLOAD_RETRIES + 1 }, busy);
    await submit();
    await wait(5_000 * OVERLOAD_RETRIES);
    await settle();
    expect(posts).toHaveLength(OVERLOAD_RETRIES + 1);
    expect(screen.getByRole('alert').textContent).toContain(en.forms.error.title);
    fireEvent.click(screen.getByRole('button', { name: en.forms.error.retry }));
    await settle();
    expect(posts).toHaveLength(OVERLOAD_RETRIES + 2);
    expect(new Set(posts.map((post) => post.key)).size).toBe(1);
    expect(screen.getByRole('heading', { name: en.forms.success.title })).toBeTruthy();
  });
});
