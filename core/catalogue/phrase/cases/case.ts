/** One case of the phrase search's test set (index.ts): the query, the canonical filter it must give, the words it must report as not understood. */
export type PhraseCase = readonly [query: string, query: string, ignored?: readonly string[]];
