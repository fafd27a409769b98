import type { RouterContextProvider } from 'react-router';
import { PHRASE_PARAM, parsePhrase, phraseText, type PhraseResult } from '#core/catalogue/phrase/index.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { appContext } from '#app/lib/context.server.ts';

/** A search box's words read into the lot filter (core/catalogue/phrase): what the filter page and the site search show back. */
export type PhraseView = { text: string } & PhraseResult;

/**
 * The search box's words on the page's address (`/filter?q=двушка до 15 млн`), read against the catalogue's names and
 * the Bank of Russia's rates of the last three days (an amount in dollars without them is shown as not understood).
 * Null without words. Longer text is read up to `PHRASE_MAX_LENGTH` characters, as the box allows.
 */
export async function readPhrase(url: URL, context: Readonly<RouterContextProvider>, locale: Locale): Promise<PhraseView | null> {
  return phraseOf(url.searchParams.get(PHRASE_PARAM), context, locale);
}

export async function phraseOf(raw: string | null, context: Readonly<RouterContextProvider>, locale: Locale): Promise<PhraseView | null> {
  const text = phraseText(raw ?? '');
  if (!text) return null;
  const { services } = context.get(appContext);
  const [vocabulary, rates] = await Promise.all([services.catalogue.phraseVocabulary(), services.currency.current()]);
  return { text, ...parsePhrase(text, vocabulary, { lang: locale, year: new Date().getUTCFullYear(), rates }) };
}
