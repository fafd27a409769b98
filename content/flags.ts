/**
 * The demo's feature flags and experiments, seeded into `feature_flags` on first run (the database keeps them;
 * `npm run flags:set` changes them while the site runs). Each is a GrowthBook feature: a default value and rules.
 */
import { HASH_ATTRIBUTE, HOME_HERO_CTA, HOME_STORIES, type FeatureDefinition } from '#core/flags/features.ts';

export type DemoFlag = { key: string; description: string; definition: FeatureDefinition };

export const demoFlags: DemoFlag[] = [
  {
    key: HOME_STORIES,
    description: 'The stories block under the home page’s first screen on phones (true: shown, as before flags existed).',
    definition: { defaultValue: true, rules: [] },
  },
  {
    key: HOME_HERO_CTA,
    description:
      'Experiment: the wording of the home hero’s main button, “find a flat” (control, today’s) or “choose a project”; half of the visitors each, hashed on the visitor id.',
    definition: {
      defaultValue: 'find',
      rules: [
        {
          id: 'home-hero-cta-2026',
          key: HOME_HERO_CTA,
          name: 'Home hero call to action',
          phase: '1',
          hashAttribute: HASH_ATTRIBUTE,
          hashVersion: 2,
          seed: HOME_HERO_CTA,
          coverage: 1,
          variations: ['find', 'project'],
          weights: [0.5, 0.5],
          meta: [
            { key: 'find', name: 'Find a flat (control)' },
            { key: 'project', name: 'Choose a project' },
          ],
        },
      ],
    },
  },
];
