import { fireEvent, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '#core/i18n/catalogs/en/index.ts';
import { renderInPage } from '#tests/fixtures/dom.tsx';
import { Dialog, dialogOpenedFrom, dialogOpener, useCloseWhenWide } from './dialog.tsx';

/**
 * The site's modal in a DOM: a button opens it (invoker commands where the browser has them, `showModal()` where it
 * has not, as here), the dialog is named by its title, its close button closes it, and the opener is remembered for
 * the focus to go back to. What only a browser does (the page made inert, focus kept inside, Escape): the browser
 * tests of the contact modal (tests/e2e/site/foundation.test.ts).
 */
function Page() {
  return (
    <>
      <button {...dialogOpener('contact')}>Call me back</button>
      <Dialog id="contact" title="We will call you">
        <p>Leave your number</p>
      </Dialog>
    </>
  );
}

/** happy-dom's own controls of its window: its width, for the media queries. */
const happyDOM = (window as unknown as { happyDOM: { setInnerWidth(width: number): void } }).happyDOM;

/** A sheet that closes itself once the window is wide enough for the layout without it. */
function Sheet() {
  const ref = useRef<HTMLDialogElement>(null);
  useCloseWhenWide(ref, '(min-width: 1024px)');
  return <dialog ref={ref} aria-label="Filters" />;
}

afterEach(() => happyDOM.setInnerWidth(1024));

describe('the dialog', () => {
  it('opens from its button as a modal named by its title, closes from its close button, and remembers its opener', () => {
    renderInPage(<Page />, { locale: 'en' });
    const opener = screen.getByRole('button', { name: 'Call me back' });
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'We will call you' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialogOpenedFrom('contact')).toBe(opener);

    fireEvent.click(screen.getByRole('button', { name: en.contact.close }));
    expect(dialog.open).toBe(false);
  });

  it('closes a sheet left open when the window widens past its breakpoint', async () => {
    happyDOM.setInnerWidth(375);
    renderInPage(<Sheet />, { locale: 'en' });
    const sheet = document.querySelector('dialog')!;
    sheet.showModal();
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBe(sheet);
    happyDOM.setInnerWidth(1280);
    await expect.poll(() => sheet.open).toBe(false);
  });
});
