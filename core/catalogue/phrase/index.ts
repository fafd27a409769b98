/**
 * Search as you'd say it (issue #41): a free-text query in Russian, English or Chinese turned into the lot filter, with
 * what was understood and what was not. Pure: the catalogue gives the names (`PhraseVocabulary`), the currency module
 * the rates. docs/guides/phrase-search.md says how it reads and how to add words.
 */
export { parsePhrase } from './parse.ts';
export { PHRASE_MAX_LENGTH, PHRASE_PARAM, phraseText } from './limits.ts';
export { IGNORED_REASONS, type IgnoredReason, type PhraseOptions, type PhraseRates, type PhraseResult, type PhraseVocabulary } from './types.ts';
