import { SUBSCRIPTION_TOPICS, type SubscriptionTopic } from '#core/validation/lead-forms.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import type { Db } from '../../db/client.ts';
import { subscriptionHeadings } from '../../db/schema/index.ts';
import { cached, STRICT_POLICY, type CachePolicy } from '../../db/cache.ts';

export type SubscriptionHeading = { title: string; description: string };

/**
 * The subscription block's heading per topic (spec §3), edited in the back office (`subscription_headings`), read
 * through the shared cache like the other site content. A topic without a row, or a language its row leaves empty,
 * says the locale catalog's words (`forms.subscription`).
 */
export function createSubscriptionHeadingsService(db: Db, policy: CachePolicy = STRICT_POLICY) {
  const rows = cached(async () => db.select().from(subscriptionHeadings), 30_000, policy, 'subscription headings');
  return {
    /** Every topic's heading in one language. */
    async headings(locale: Locale): Promise<Record<SubscriptionTopic, SubscriptionHeading>> {
      const byTopic = new Map((await rows.get()).map((row) => [row.topic, row]));
      const catalog = CATALOGS[locale].forms.subscription;
      return Object.fromEntries(
        SUBSCRIPTION_TOPICS.map((topic) => {
          const row = byTopic.get(topic);
          return [topic, { title: row?.title[locale] || catalog[topic].title, description: row?.description[locale] || catalog[topic].description }];
        }),
      ) as Record<SubscriptionTopic, SubscriptionHeading>;
    },
    invalidate: rows.invalidate,
  };
}
export type SubscriptionHeadingsService = ReturnType<typeof createSubscriptionHeadingsService>;
