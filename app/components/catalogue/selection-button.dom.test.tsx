import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '#core/i18n/catalogs/en/index.ts';
import { translator } from '#core/i18n/messages.ts';
import { readSelectionCookie, SELECTION_STORAGE_KEY } from '#app/lib/selection.ts';
import { renderInRoute } from '#tests/fixtures/dom.tsx';
import { SelectionButton, SelectionLink } from './selection-button.tsx';

/**
 * The selection's hearts and its link in a DOM, once the page is interactive: a heart toggles its lot in place and
 * says so (`aria-pressed`), the link counts what is kept, the cookie and the browser's storage both keep it, and a
 * selection whose cookie has gone comes back from storage. (Without JavaScript, the heart's form post, and the
 * comparison page: tests/e2e/catalogue/catalogue-selection.test.ts.)
 */
const t = translator(en, 'en');
const heart = (name: string) => screen.getByRole('button', { name: t('catalogue.selection.toggle', { name }) });
const count = () => screen.getByRole('link', { name: new RegExp(`^${t('catalogue.selection.link')}`) }).textContent?.replace(/\D/g, '');

function Cards() {
  return (
    <>
      <SelectionLink />
      <SelectionButton lotId="22" lotName="Flat 22" />
      <SelectionButton lotId="23" lotName="Flat 23" />
    </>
  );
}

/** What a return to the page (`pageshow`) makes the store read again: the cookie, else the storage. */
const pageShown = () => act(() => void window.dispatchEvent(new Event('pageshow')));

beforeEach(() => {
  document.cookie = 'selection=; max-age=0; path=/';
  window.localStorage.clear();
});

describe('the selection’s hearts', () => {
  it('toggle their lot in place, pressed while kept, counted by the link, in the cookie and the storage', () => {
    renderInRoute(<Cards />, { locale: 'en', path: '/en/filter' });
    pageShown();
    expect(heart('Flat 22').getAttribute('aria-pressed')).toBe('false');
    expect(count()).toBe('0');

    fireEvent.click(heart('Flat 22'));
    fireEvent.click(heart('Flat 23'));
    expect(heart('Flat 22').getAttribute('aria-pressed')).toBe('true');
    expect(count()).toBe('2');
    expect(readSelectionCookie(document.cookie)).toEqual(['22', '23']);
    expect(window.localStorage.getItem(SELECTION_STORAGE_KEY)).toContain('23');

    fireEvent.click(heart('Flat 22'));
    expect(heart('Flat 22').getAttribute('aria-pressed')).toBe('false');
    expect(count()).toBe('1');
    expect(readSelectionCookie(document.cookie)).toEqual(['23']);
  });

  it('come back from the storage when the cookie has gone, and write the cookie again', () => {
    renderInRoute(<Cards />, { locale: 'en', path: '/en/filter' });
    window.localStorage.setItem(SELECTION_STORAGE_KEY, '22');
    pageShown();
    expect(heart('Flat 22').getAttribute('aria-pressed')).toBe('true');
    expect(count()).toBe('1');
    expect(readSelectionCookie(document.cookie)).toEqual(['22']);
  });

  it('post to the selection page without JavaScript: each heart is a form naming its lot and where to come back', () => {
    renderInRoute(<Cards />, { locale: 'en', path: '/en/filter?rooms=2' });
    const form = heart('Flat 22').closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/en/selection');
    const fields = Object.fromEntries(new FormData(form).entries());
    expect(fields).toMatchObject({ intent: 'toggle', id: '22' });
    expect(String(fields['redirectTo'])).toContain('/en/filter');
  });
});
