import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The API client loads its antibot digest with its first call: loaded here, the call answers within the test's act().
import '#core/http/antibot.ts';
import { STORY_CARD_MS, type Story, type StoryCard } from '#core/content/stories.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import { translator } from '#core/i18n/messages.ts';
import { renderInRoute } from '#tests/fixtures/dom.tsx';
import StoryViewer from './story-viewer.tsx';

/**
 * The story viewer in a DOM with Vitest's clock and a stand-in for the cards' API: it opens as a modal dialog named
 * after the story, goes on by itself card after card and story after story, by the keyboard both ways, pauses, and
 * closes after the last card; a failed load offers to try again. (On the home page with a real browser:
 * tests/e2e/content/stories-benefits.test.ts.)
 */
const t = translator(en, 'en');

const story = (id: number, slug: string, cards: number): Story => ({
  id,
  slug,
  title: `Story ${id}`,
  lotType: null,
  rareFormat: null,
  url: '/filter',
  cover: { src: '/media/cover.jpg', width: 160, height: 160, alt: '' },
  cards,
});
const STORIES = [story(1, 'parking', 2), story(2, 'pantry', 1)];
const card = (storySlug: string, position: number): StoryCard => ({
  id: position,
  story: storySlug,
  position,
  kind: 'text',
  title: `${storySlug} card ${position}`,
  text: 'Text',
  image: null,
  link: null,
});

let failNext = false;
const asked: string[] = [];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  asked.length = 0;
  failNext = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const url = new URL(String(input), 'http://localhost:3000');
      const slug = url.searchParams.get('slug') ?? '';
      asked.push(slug);
      if (failNext) {
        failNext = false;
        return new Response('{"detail":"down"}', { status: 404, headers: { 'content-type': 'application/json' } });
      }
      const count = STORIES.find((s) => s.slug === slug)!.cards;
      const results = Array.from({ length: count }, (_, i) => card(slug, i + 1));
      return new Response(JSON.stringify({ results }), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the stand-in API answer and React render what it answered. */
const settle = () => act(async () => {});
const tick = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

function open(onClose = vi.fn()) {
  renderInRoute(<StoryViewer stories={STORIES} start={0} onClose={onClose} />, { locale: 'en', path: '/en' });
  return onClose;
}

describe('the story viewer', () => {
  it('opens as a modal dialog named after the story and shows its first card once loaded', async () => {
    open();
    const dialog = screen.getByRole('dialog', { name: t('stories.viewer', { title: 'Story 1' }) });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(screen.getByText(t('stories.loading'))).toBeTruthy();
    await settle();
    expect(asked).toEqual(['parking']);
    expect(screen.getByRole('heading', { name: 'parking card 1' })).toBeTruthy();
    expect(screen.getByText(t('stories.cardOf', { index: 1, count: 2 }))).toBeTruthy();
  });

  it('goes on by itself after a card’s time, into the next story, and closes after the last card', async () => {
    const onClose = open();
    await settle();
    await tick(STORY_CARD_MS - 200);
    expect(screen.getByRole('heading', { name: 'parking card 1' })).toBeTruthy();
    await tick(300);
    expect(screen.getByRole('heading', { name: 'parking card 2' })).toBeTruthy();
    await tick(STORY_CARD_MS);
    await settle();
    expect(screen.getByRole('dialog', { name: t('stories.viewer', { title: 'Story 2' }) })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'pantry card 1' })).toBeTruthy();
    await tick(STORY_CARD_MS);
    expect(onClose).toHaveBeenCalledWith(1);
  });

  it('goes on and back from the keyboard and the card’s halves, and stays while paused', async () => {
    open();
    await settle();
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByRole('heading', { name: 'parking card 2' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(screen.getByRole('heading', { name: 'parking card 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('stories.next') }));
    expect(screen.getByRole('heading', { name: 'parking card 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('stories.previous') }));

    fireEvent.click(screen.getByRole('button', { name: t('stories.pause') }));
    expect(screen.getByRole('button', { name: t('stories.play') }).getAttribute('aria-pressed')).toBe('true');
    await tick(STORY_CARD_MS * 2);
    expect(screen.getByRole('heading', { name: 'parking card 1' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: ' ' });
    await tick(STORY_CARD_MS);
    expect(screen.getByRole('heading', { name: 'parking card 2' })).toBeTruthy();
  });

  it('says a failed load and asks again when the visitor retries', async () => {
    failNext = true;
    open();
    await settle();
    expect(screen.getByText(t('stories.failed'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('stories.retry') }));
    await settle();
    expect(asked).toEqual(['parking', 'parking']);
    expect(screen.getByRole('heading', { name: 'parking card 1' })).toBeTruthy();
  });

  it('closes from its close button, giving back the story open', async () => {
    const onClose = open();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: t('stories.close') }));
    expect(onClose).toHaveBeenCalledWith(0);
    expect((screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement).open).toBe(false);
  });

  it('closes on Escape (the dialog’s cancel), in the story reached', async () => {
    const onClose = open();
    await settle();
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    await settle();
    expect(screen.getByRole('heading', { name: 'pantry card 1' })).toBeTruthy();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledWith(1);
  });
});
