/**
 * The demo's redirects (301; `redirects`, the back office's `redirects` kind). The app strips a leading '/old' from
 * both paths before comparing (spec §2).
 */
import type { RedirectRow } from './types.ts';

export const redirects: RedirectRow[] = [
  { old_path: '/old/projects/lipovy-kvartal', new_path: '/projects/1' },
  { old_path: '/old/projects/sosnovy-bereg', new_path: '/projects/2' },
  { old_path: '/old/flats', new_path: '/filter' },
  { old_path: '/old/contacts/', new_path: '/contacts' },
  { old_path: '/about-company', new_path: '/about' },
  { old_path: '/policy', new_path: '/privacy' },
  { old_path: '/kvartiry', new_path: '/filter' },
  { old_path: '/parking', new_path: '/filter/mashino-mesta' },
];
