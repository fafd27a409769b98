import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { STORY_CARD_MS, type Story, type StoryCard } from '#core/content/stories.ts';
import { Icon } from '#app/components/ui/icon.tsx';
import { useApi } from '#app/lib/api.ts';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { PauseGlyph, PlayGlyph, useReducedMotion } from './slider.tsx';

/** The timer's step: the progress bar moves this often (ms). A clock the tests can run (Playwright's `page.clock`). */
const TICK_MS = 100;
/** A press shorter than this is a tap (go on or back); longer, a hold that paused the card. */
const HOLD_MS = 300;

type Cards = StoryCard[] | 'failed';
type ApiCard = StoryCard & { image: (NonNullable<StoryCard['image']> & { url: string }) | null };

/**
 * The story viewer, in a native modal dialog (inert page behind, focus kept inside, Escape closes). Cards advance
 * after STORY_CARD_MS unless the visitor prefers reduced motion. `onClose` gets the story open at the end, whose
 * ring takes the focus back.
 */
export default function StoryViewer({ stories, start, onClose }: { stories: Story[]; start: number; onClose: (index: number) => void }) {
  const t = useT();
  const lp = useLocalePath();
  const api = useApi();
  const reducedMotion = useReducedMotion();
  const dialog = useRef<HTMLDialogElement>(null);
  const pressed = useRef<number | null>(null);
  const [storyIndex, setStoryIndex] = useState(start);
  const [cardIndex, setCardIndex] = useState(0);
  const [elapsed, setElapsedState] = useState(0);
  /** The running card's time, also kept outside React for the timer's tick. */
  const clock = useRef(0);
  const setElapsed = (ms: number) => {
    clock.current = ms;
    setElapsedState(ms);
  };
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [cards, setCards] = useState<Record<string, Cards>>({});
  const [attempt, setAttempt] = useState(0);

  const story = stories[storyIndex]!;
  const storyCards = cards[story.slug];
  const list = Array.isArray(storyCards) ? storyCards : null;
  const card = list?.[cardIndex] ?? null;

  useEffect(() => {
    const node = dialog.current;
    if (!node || node.open) return;
    node.showModal();
    node.focus();
  }, []);

  useEffect(() => {
    if (cards[story.slug] && cards[story.slug] !== 'failed') return;
    let live = true;
    api<{ results: ApiCard[] }>('/api/story_cards_mobile/', { query: { slug: story.slug } })
      .then((body) => live && setCards((all) => ({ ...all, [story.slug]: body.results })))
      .catch(() => live && setCards((all) => ({ ...all, [story.slug]: 'failed' })));
    return () => {
      live = false;
    };
    // `cards` is read to skip a story already loaded; a change of it alone must not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, story.slug, attempt]);

  const close = useCallback(() => {
    dialog.current?.close();
    onClose(storyIndex);
  }, [onClose, storyIndex]);

  const next = useCallback(() => {
    setElapsed(0);
    if (list && cardIndex < list.length - 1) setCardIndex(cardIndex + 1);
    else if (storyIndex < stories.length - 1) {
      setStoryIndex(storyIndex + 1);
      setCardIndex(0);
    } else close();
  }, [list, cardIndex, storyIndex, stories.length, close]);

  const previous = useCallback(() => {
    setElapsed(0);
    if (cardIndex > 0) setCardIndex(cardIndex - 1);
    else if (storyIndex > 0) {
      setStoryIndex(storyIndex - 1);
      setCardIndex(0);
    }
  }, [cardIndex, storyIndex]);

  const playing = !reducedMotion && !paused && !held && !hovered && card !== null;
  const advance = useRef(next);
  useEffect(() => {
    advance.current = next;
  }, [next]);
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      const ms = clock.current + TICK_MS;
      if (ms >= STORY_CARD_MS) advance.current();
      else setElapsed(ms);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [playing]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Tab') {
      // A modal dialog keeps the page behind inert, but Tab past its last control would leave for the browser's own UI.
      const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not([hidden]), a[href]')];
      const first = controls[0];
      const last = controls.at(-1);
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === event.currentTarget)) last?.focus();
      else if (!event.shiftKey && active === last) first?.focus();
      else return;
    } else if (event.key === 'ArrowRight') next();
    else if (event.key === 'ArrowLeft') previous();
    else if (event.key === ' ' && !(event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement)) setPaused((p) => !p);
    else return;
    event.preventDefault();
  };

  /** A tap goes on or back; a hold pauses while the finger (or the mouse button) is down, and goes nowhere. */
  const press = {
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      pressed.current = event.timeStamp;
      setHeld(true);
    },
    onPointerUp: () => setHeld(false),
    onPointerCancel: () => {
      pressed.current = null;
      setHeld(false);
    },
    onPointerLeave: () => setHeld(false),
  };
  const tapped = (event: { timeStamp: number }) => {
    const downAt = pressed.current;
    pressed.current = null;
    return downAt === null || event.timeStamp - downAt < HOLD_MS;
  };

  const progress = (index: number) => (index < cardIndex ? 1 : index > cardIndex ? 0 : reducedMotion ? 1 : Math.min(elapsed / STORY_CARD_MS, 1));

  return (
    <dialog
      ref={dialog}
      aria-label={t('stories.viewer', { title: story.title })}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-brand-900 p-0 text-white outline-none backdrop:bg-black/80 md:m-auto md:h-[min(90dvh,52rem)] md:w-auto md:rounded-3xl md:[aspect-ratio:9/16]"
    >
      <div
        className="relative flex size-full flex-col"
        onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
        onPointerLeave={(event) => event.pointerType === 'mouse' && setHovered(false)}
      >
        {card?.image ? (
          <img
            key={card.id}
            src={(card as ApiCard).image!.url}
            alt={card.image.alt}
            width={720}
            height={1280}
            className="absolute inset-0 size-full object-cover"
          />
        ) : null}
        <div
          aria-hidden="true"
          className={`pointer-events-none absolute inset-0 ${card?.image ? 'bg-gradient-to-b from-black/55 via-transparent to-black/80' : 'bg-gradient-to-br from-brand-600 via-brand-800 to-brand-900'}`}
        />

        <div className="relative z-20 px-3 pt-3">
          <ol aria-hidden="true" className="flex gap-1">
            {(list ?? [null]).map((_, index) => (
              <li key={index} className="h-1 flex-1 overflow-hidden rounded-full bg-white/35">
                <span className="block h-full origin-left bg-white" style={{ transform: `scaleX(${list ? progress(index) : 0})` }} />
              </li>
            ))}
          </ol>
          <div className="mt-3 flex items-center gap-2">
            <p className="min-w-0 flex-1 truncate font-bold">{story.title}</p>
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              aria-pressed={paused}
              aria-label={t(paused ? 'stories.play' : 'stories.pause')}
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-white/15"
              hidden={reducedMotion}
            >
              {paused ? <PlayGlyph /> : <PauseGlyph />}
            </button>
            <button
              type="button"
              onClick={close}
              aria-label={t('stories.close')}
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-white/15"
            >
              <Icon name="close" className="size-6" />
            </button>
          </div>
          <p className="sr-only" aria-live="polite">
            {list ? t('stories.cardOf', { index: cardIndex + 1, count: list.length }) : storyCards === 'failed' ? '' : t('stories.loading')}
          </p>
        </div>

        {/* The two halves of the card: real buttons, so a keyboard or a screen reader goes on and back too. */}
        <div className="absolute inset-0 z-10 flex">
          <button
            type="button"
            aria-label={t('stories.previous')}
            className="h-full w-1/3 outline-none focus-visible:bg-white/10"
            onClick={(event) => tapped(event) && previous()}
            {...press}
          />
          <button
            type="button"
            aria-label={t('stories.next')}
            className="h-full flex-1 outline-none focus-visible:bg-white/10"
            onClick={(event) => tapped(event) && next()}
            {...press}
          />
        </div>

        <div className="pointer-events-none relative z-20 mt-auto px-5 pb-8">
          {storyCards === 'failed' ? (
            <div className="pointer-events-auto">
              <p className="text-lg">{t('stories.failed')}</p>
              <button
                type="button"
                onClick={() => setAttempt((n) => n + 1)}
                className="mt-4 inline-flex min-h-11 items-center rounded-full bg-white px-5 font-semibold text-brand-900"
              >
                {t('stories.retry')}
              </button>
            </div>
          ) : card ? (
            <div className={card.image ? '' : 'mb-[20vh]'}>
              <h3 className={`font-extrabold tracking-tight text-balance ${card.image ? 'text-2xl' : 'text-4xl'}`}>{card.title}</h3>
              <p className={`mt-2 text-pretty text-white/90 ${card.image ? 'text-base' : 'text-xl'}`}>{card.text}</p>
              {card.link ? (
                <a
                  href={lp(card.link.url)}
                  className="pointer-events-auto mt-5 inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-5 font-semibold text-brand-900"
                >
                  {card.link.label}
                  <Icon name="arrow-right" className="size-5" />
                </a>
              ) : null}
            </div>
          ) : null}
          <p className="mt-4 text-xs text-white/70">{t('stories.hint')}</p>
        </div>
      </div>
    </dialog>
  );
}
