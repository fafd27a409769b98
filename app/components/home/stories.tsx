import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import type { Story } from '#core/content/stories.ts';
import { Image } from '#app/components/ui/image.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { withLaterMessages } from '#app/lib/later-messages.ts';

/** The viewer's code (and, through it, the cards' pictures) loads only when a story is opened. */
const StoryViewer = lazy(withLaterMessages(() => import('./story-viewer.tsx')));

/**
 * Stories on phones (below 768 px; wider screens have the slider and the full blocks, and a full-screen story format
 * would not suit them): a row of rings under the first screen. Each ring is a link to what the story is about (the
 * filter of that format, a project), which is where it leads without JavaScript; with it, the ring opens the story
 * viewer, a modal dialog, and focus comes back to the ring when it closes.
 */
export function HomeStories({ stories }: { stories: (Story & { cover: Story['cover'] })[] }) {
  const t = useT();
  const lp = useLocalePath();
  const [open, setOpen] = useState<number | null>(null);
  const rings = useRef<(HTMLAnchorElement | null)[]>([]);
  if (!stories.length) return null;

  const onRing = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window is the visitor's choice: the link does what links do.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(index);
  };
  const onClose = (index: number) => {
    setOpen(null);
    rings.current[index]?.focus();
  };

  return (
    <section aria-labelledby="stories-title" className="md:hidden">
      <h2 id="stories-title" className="sr-only">
        {t('stories.title')}
      </h2>
      <ul className="flex gap-3 overflow-x-auto px-4 pt-5 pb-2 [scrollbar-width:none]">
        {stories.map((story, index) => (
          <li key={story.id} className="w-[4.75rem] shrink-0">
            <a
              ref={(node) => {
                rings.current[index] = node;
              }}
              href={lp(story.url)}
              onClick={onRing(index)}
              aria-label={t('stories.open', { title: story.title })}
              className="group story"
            >
              <span className="story-ring">
                <span className="story-gap">
                  <Image picture={story.cover} usage="storyRing" alt="" className="size-16 rounded-full" />
                </span>
              </span>
              <span className="story-title">{story.title}</span>
            </a>
          </li>
        ))}
      </ul>
      {open !== null ? (
        <Suspense fallback={null}>
          <StoryViewer stories={stories} start={open} onClose={onClose} />
        </Suspense>
      ) : null}
    </section>
  );
}
