import type { ReactNode } from 'react';
import type { ImageUsageName, PictureSource } from '#core/image/usages.ts';
import { Image } from '#app/components/ui/image.tsx';

/**
 * A picture with shapes drawn over it in the picture's own units (the master plan's buildings, the facade's
 * floors, the floor plan's lots): one SVG the size of the picture, so every outline keeps its place at any
 * width. With a label the SVG is a named group whose shapes are links (or hidden from assistive technology);
 * without one it is a drawing only (the lot's place on its floor), which the figure's caption describes.
 */
export function PictureMap({
  picture,
  usage,
  label,
  priority = false,
  className = '',
  imageClassName,
  children,
}: {
  picture: PictureSource & { width: number; height: number; alt: string };
  usage: ImageUsageName;
  /** The group's accessible name («Генплан», «Фасад», «План этажа»); none for a drawing only. */
  label?: string;
  priority?: boolean;
  /** The frame's classes (rounding, background, stickiness). */
  className?: string;
  imageClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={`relative ${className}`}>
      <Image picture={picture} usage={usage} alt={picture.alt} priority={priority} className={imageClassName} />
      <svg
        viewBox={`0 0 ${picture.width} ${picture.height}`}
        className="absolute inset-0 size-full"
        {...(label ? { role: 'group', 'aria-label': label } : { 'aria-hidden': true })}
      >
        {children}
      </svg>
    </div>
  );
}
