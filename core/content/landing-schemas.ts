import { z } from 'zod';
import type { LandingContent } from './landings.ts';

/**
 * A landing's content (core/content/landings.ts `LandingContent`) as a zod shape: the API's answer
 * (server/modules/catalogue/responses-collections.ts) and the back office's description (core/admin/kinds/landings.ts) are built from this
 * one structure, each with its own texts (`text`): the answer's plain strings, the editor's checked, bounded ones.
 * Its own module: the landing page's code does not load zod (ADR 027).
 */
export function landingContentShape(text: (max: number) => z.ZodType<string>) {
  const section = z.strictObject({ title: text(200), paragraphs: z.array(text(2000)) });
  return {
    title: text(200),
    description: text(400),
    hero: z.strictObject({ kicker: text(100), title: text(200), lead: text(600) }),
    promise: z
      .strictObject({ title: text(200), text: text(1000), points: z.array(text(300)) })
      .describe('The call-back promise of the managers who speak the language.'),
    steps: z.strictObject({ title: text(200), items: z.array(z.strictObject({ title: text(200), text: text(1000) })) }),
    payment: section.describe('Paying from abroad.'),
    signing: section.describe('Signing remotely.'),
    taxes: section,
    guidance: text(1000).describe('The note that the sections are general guidance, not legal or tax advice.'),
    faq: z.strictObject({ title: text(200), items: z.array(z.strictObject({ question: text(300), answer: text(2000) })) }),
    form: z.strictObject({ title: text(200), lead: text(600) }).describe('The heading of the lead form (`POST /api/multilingual_landing/send_lead/`).'),
  };
}

/** The content's fields, in the order the page shows them. */
export const LANDING_CONTENT_FIELDS = Object.keys(landingContentShape(() => z.string())) as (keyof LandingContent)[];

// The shape and the type are one: a field added to either and not the other fails the type check here.
type Shaped = z.output<z.ZodObject<ReturnType<typeof landingContentShape>>>;
type Holds<T extends true> = T;
export type LandingShapeMatchesType = Holds<[Shaped] extends [LandingContent] ? ([LandingContent] extends [Shaped] ? true : false) : false>;
