import { describe, expect, it } from 'vitest';
import { catalogueFormat, completionText } from '#core/catalogue/format.ts';
import { loadMessages, translator } from '#core/i18n/messages.ts';
import { FINISHES, LOT_STATUSES, LOT_TYPES } from '#core/catalogue/types.ts';
import { LOCALES } from '#core/i18n/locales.ts';
import { hasBit } from './bitset.ts';
import { demoSnapshot } from './demo-snapshot.ts';
import { aggregates, lotCard, projectCard } from './dto.ts';
import { buildLotIndex } from './lot-index.ts';
import { completionLabel, FINISH_WORDS, LOT_TYPE_WORDS, PROJECT_STATUS_WORDS, STATUS_WORDS, word } from './labels.ts';
import { projectSpecs } from './projects.ts';

/**
 * One label per value: what a filter choice says (the server's words) is what a card and a lot page say for the same
 * code (the page formatter), in every language. `/en/filter?finish=none` once said "No finish" on the chip and
 * "Shell and core" on the cards.
 */
describe.each(LOCALES)('filter choices and cards say the same in %s', (locale) => {
  const snap = demoSnapshot();
  const index = buildLotIndex(snap);
  const agg = aggregates(snap, (i) => hasBit(index.universe.words, i));

  const format = async () => {
    const messages = await loadMessages(locale);
    const t = translator(messages, locale);
    return { t, f: catalogueFormat(locale, t) };
  };

  it('finish, lot type and status choices are the card labels', async () => {
    const { f } = await format();
    for (const finish of FINISHES) expect(word(FINISH_WORDS, finish, locale)).toBe(f.finish(finish));
    for (const type of LOT_TYPES) expect(word(LOT_TYPE_WORDS, type, locale)).toBe(f.type(type));
    for (const status of LOT_STATUSES) expect(word(STATUS_WORDS, status, locale)).toBe(f.status(status));
  });

  it('every completion choice is spelled as on a lot card and a lot page', async () => {
    const { t, f } = await format();
    const codes = new Set<string | null>([null]);
    for (let i = 0; i < snap.lots.size; i += 1) codes.add(lotCard(snap, i, locale).completion);
    expect(codes.size).toBeGreaterThan(2);
    for (const code of codes) {
      expect(completionLabel(code, locale)).toBe(f.completion(code));
      expect(completionLabel(code, locale)).toBe(completionText(code, t));
    }
    expect(completionLabel('done', locale)).toBe(t('catalogue.completion.done'));
  });

  it("the projects list's status and completion choices are its cards' words", async () => {
    const { f } = await format();
    const specs = projectSpecs(snap, locale);
    const choicesOf = (name: string) => {
      const item = specs.find((spec) => spec.name === name);
      return item?.kind === 'choices' ? item.choices : [];
    };
    const status = { choices: choicesOf('status') };
    const completion = { choices: choicesOf('completion') };
    for (const p of snap.projects) {
      const card = projectCard(snap, agg, p, locale);
      expect(status.choices.find((c) => c.value === card.status)?.label).toBe(PROJECT_STATUS_WORDS[card.status][locale]);
      const code = card.completion ?? 'done';
      const label = completion.choices.find((c) => c.value === code)?.label;
      expect(label).toBe(f.completion(card.completion));
      // The card's phrase holds the very same spelling («Сдача — IV квартал 2027»).
      expect(card.completionLabel).toContain(label);
    }
  });
});
