import { afterEach, describe, expect, it } from 'vitest';
import { restoreState, visitorState } from './deferred-swap.ts';

/**
 * A deferred part's code arriving while the visitor uses its server HTML (app/lib/deferred.tsx): the part's own
 * markup takes the visitor's state over — the open menu, the field typed in, and the place of focus.
 */
const MENU = `
  <dialog id="menu" aria-label="Menu">
    <button type="button">Close</button>
    <a href="/projects">Projects</a>
    <a href="/filter">Flats</a>
    <a href="/contacts">Contacts</a>
    <input name="q" type="search">
  </dialog>`;

function part(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

/** What the layout effect of a deferred part does: read the server's nodes, remove them, restore on the fresh ones. */
function swap(server: HTMLElement, fresh: HTMLElement): void {
  const counted = { focusable: 0 };
  const state = [...server.childNodes].flatMap((node) => visitorState(node, counted));
  server.remove();
  restoreState(state, [...fresh.childNodes]);
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a deferred part taking over its server HTML', () => {
  it('keeps a keyboard user on the link they had tabbed to in the open menu', () => {
    const server = part(MENU);
    server.querySelector('dialog')!.showModal();
    server.querySelector<HTMLAnchorElement>('a[href="/filter"]')!.focus();
    const fresh = part(MENU);

    swap(server, fresh);

    const menu = fresh.querySelector('dialog')!;
    expect(menu.open).toBe(true);
    expect(document.activeElement).toBe(fresh.querySelector('a[href="/filter"]'));
  });

  it('keeps what was typed and the focus in a field', () => {
    const server = part(MENU);
    server.querySelector('dialog')!.showModal();
    const field = server.querySelector('input')!;
    field.value = 'Липовый';
    field.focus();
    const fresh = part(MENU);

    swap(server, fresh);

    expect(fresh.querySelector('input')!.value).toBe('Липовый');
    expect(document.activeElement).toBe(fresh.querySelector('input'));
  });

  it('leaves focus alone when it was not in the part', () => {
    const outside = part('<button type="button">Elsewhere</button>');
    outside.querySelector('button')!.focus();
    const server = part(MENU);
    const fresh = part(MENU);

    swap(server, fresh);

    expect(fresh.querySelector('dialog')!.open).toBe(false);
    expect(document.activeElement).toBe(outside.querySelector('button'));
  });
});
