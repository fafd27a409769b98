import type { RouterContextProvider } from 'react-router';
import { appContext } from './context.server.ts';

/**
 * A loader's static parts (app/lib/static-part.tsx, ADR 043), each under `{page}.{name}`: on a document request they
 * are set aside for the server's render and left out of the data (so out of the page's hydration data); on the
 * router's data request (a move in the page, a payload file) they are the data, as any other field.
 */
export function staticParts<T extends Record<string, unknown>>(context: Readonly<RouterContextProvider>, page: string, parts: T): Partial<T> {
  const { document, staticData } = context.get(appContext);
  if (!document || !staticData) return parts;
  for (const [name, value] of Object.entries(parts)) staticData.set(`${page}.${name}`, value);
  return {};
}
