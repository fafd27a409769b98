import type { Picture } from '#core/catalogue/types.ts';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { Image } from '#app/components/ui/image.tsx';
import { useT } from '#app/lib/i18n.tsx';

/** «Галерея»: a strip of photographs that scrolls sideways, by touch or from the keyboard. */
export function ProjectGallery({ pictures }: { pictures: Picture[] }) {
  const t = useT();
  if (!pictures.length) return null;
  return (
    <Section id="gallery" title={t('catalogue.project.gallery')}>
      <ul
        // A scrolling strip must be reachable from the keyboard: it takes focus and scrolls with the arrow keys.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-3 sm:mx-0 sm:px-0"
        aria-label={t('catalogue.project.gallery')}
      >
        {pictures.map((picture, index) => (
          <li key={picture.src} className="gallery-slide">
            <figure>
              <Image picture={picture} usage="projectGallery" alt={picture.alt} className="aspect-[32/21] rounded-3xl" />
              <figcaption className="mt-2 text-sm text-muted">{t('catalogue.project.galleryPhoto', { index: index + 1, count: pictures.length })}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
