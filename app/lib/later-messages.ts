import { isLocale, type Locale } from '#core/i18n/locales.ts';
import { setLaterMessages } from '#core/i18n/messages.ts';

/**
 * The messages a document's first load leaves out (ADR 043): its hydration data carries only what the code of its
 * first load shows; code that loads later (a dialog, the footer, a form's checks, a static part rendered by the
 * browser) asks for the rest first — every message the site's pages can show in the page's language, one file per
 * language and build (`/_messages/{build}/{locale}.json`, kept a year). A translator that misses a key reads it there
 * (core/i18n/messages.ts). Once per language; again after a failure (offline: the code that asked does not render).
 */
const loading = new Map<Locale, Promise<void>>();

export function laterMessages(): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const tag = document.documentElement.lang.slice(0, 2);
  const locale: Locale = isLocale(tag) ? tag : 'ru';
  let load = loading.get(locale);
  if (!load) {
    const build = (window as unknown as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version ?? 'dev';
    load = fetch(`/_messages/${encodeURIComponent(build)}/${locale}.json`, { credentials: 'omit' }).then(
      async (response) => {
        if (!response.ok) throw new Error(`messages ${response.status}`);
        setLaterMessages(locale, (await response.json()) as object);
      },
      (error: unknown) => {
        throw error;
      },
    );
    load.catch(() => loading.delete(locale));
    loading.set(locale, load);
  }
  return load;
}

/**
 * `importer`'s module, once the messages its code may show are here too. Messages that cannot be fetched do not keep
 * the code from working (a form still checks and sends; a word it misses shows as its key).
 */
export function withLaterMessages<T>(importer: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([importer(), laterMessages().catch(() => undefined)]).then(([module]) => module);
}
