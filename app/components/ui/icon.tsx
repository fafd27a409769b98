import { createContext, useContext } from 'react';
import type { IconName } from './icon-paths.ts';

/** The sprite's symbols, which only the server has (app/entry.server.tsx provides them; `iconSymbols`). */
export const SpriteSymbols = createContext('');

/**
 * The sprite, rendered once per page: every `<Icon>` points into it, so each icon's markup ships once. Its symbols
 * are the server's: the browser keeps what the HTML brought (the root layout never renders the sprite again), so the
 * icons' paths are not in the pages' JavaScript (ADR 027).
 */
export function IconSprite() {
  const symbols = useContext(SpriteSymbols);
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className="hidden"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: symbols }}
    />
  );
}

/** A decorative icon (hidden from assistive technology); give the control around it a label. */
export function Icon({ name, className = 'size-5' }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={`ic ${className}`}>
      <use href={`#i-${name}`} />
    </svg>
  );
}
