import type { SubscriptionTopic } from '#core/validation/lead-forms.ts';
import { useT } from '#app/lib/i18n.tsx';
import { useRootData } from '#app/lib/root-data.ts';

/**
 * A topic's subscription heading: the back office's words (the root loader reads them for the page's language), the
 * catalog's when they could not be read.
 */
export function useSubscriptionHeading(topic: SubscriptionTopic): { title: string; description: string } {
  const t = useT();
  const edited = useRootData()?.subscriptionHeadings?.[topic];
  return edited ?? { title: t(`forms.subscription.${topic}.title`), description: t(`forms.subscription.${topic}.description`) };
}
