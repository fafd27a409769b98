import { within } from '@testing-library/dom';
import { Window } from 'happy-dom';
import { SITE } from './site.ts';
import { USER_AGENT } from './templates.ts';

/** A page as a browser without JavaScript has it: the server's answer, parsed, and Testing Library's queries on it. */
export type NoScriptPage = {
  status: number;
  url: string;
  document: Document;
  /** Queries on the whole page (`screen` in a browser). */
  screen: ReturnType<typeof within>;
  /** Queries on the page's main content. */
  main: ReturnType<typeof within>;
};

/**
 * A visitor without JavaScript, answered through `fetch` (`fetchVia(app)`: inject): it opens pages, fills fields by
 * their labels and presses buttons, and each press posts the button's form as the browser would (its fields, the
 * button's own name and value, and the page's origin), then reads the page that comes back. What a browser adds on
 * top — layout, focus, script — is the browser tests' part.
 */
export function noScriptVisitor(fetch: typeof globalThis.fetch, opts: { locale?: string } = {}) {
  const settings = { disableJavaScriptEvaluation: true, disableCSSFileLoading: true, disableJavaScriptFileLoading: true, disableIframePageLoading: true };
  const windows: Window[] = [];
  const headers = { 'user-agent': USER_AGENT, 'accept-language': opts.locale ?? 'ru', accept: 'text/html' };

  async function read(res: Response): Promise<NoScriptPage> {
    const window = new Window({ url: res.url, settings });
    windows.push(window);
    window.document.write(await res.text());
    const document = window.document as unknown as Document;
    const main = document.querySelector('main') ?? document.body;
    return { status: res.status, url: res.url, document, screen: within(document.body), main: within(main as HTMLElement) };
  }

  return {
    async open(path: string): Promise<NoScriptPage> {
      return read(await fetch(new URL(path, SITE), { headers }));
    },
    /** Presses a submit button: posts its form, as a browser without JavaScript does. */
    async press(button: HTMLElement, page: NoScriptPage): Promise<NoScriptPage> {
      const form = (button as HTMLButtonElement).form;
      if (!form) throw new Error(`the button "${button.textContent}" belongs to no form`);
      const body = new URLSearchParams();
      for (const element of Array.from(form.elements) as (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement)[]) {
        if (!element.name || element.disabled) continue;
        if (element.tagName === 'BUTTON' || element.type === 'submit') continue;
        if ((element.type === 'checkbox' || element.type === 'radio') && !(element as HTMLInputElement).checked) continue;
        body.append(element.name, element.value);
      }
      const submitter = button as HTMLButtonElement;
      if (submitter.name) body.append(submitter.name, submitter.value);
      const action = new URL(form.getAttribute('action') || page.url, page.url);
      const method = (form.getAttribute('method') ?? 'get').toUpperCase();
      if (method === 'GET') {
        action.search = body.toString();
        return read(await fetch(action, { headers: { ...headers, referer: page.url } }));
      }
      const res = await fetch(action, {
        method,
        headers: { ...headers, origin: SITE, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', referer: page.url },
        body: body.toString(),
      });
      return read(res);
    },
    close: async () => {
      await Promise.all(windows.splice(0).map((window) => window.happyDOM.close()));
    },
  };
}

/** Fills a text field, a select or a checkbox as a visitor would (a checkbox is checked). */
export function fill(control: HTMLElement, value?: string): void {
  const input = control as HTMLInputElement;
  if (input.type === 'checkbox' || input.type === 'radio') input.checked = true;
  else input.value = value ?? '';
}
