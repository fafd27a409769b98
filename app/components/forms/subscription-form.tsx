import { useLocation } from 'react-router';
import { subscriptionTopicForUrl, type SeoFilterQuery, type SubscriptionTopic } from '#core/validation/lead-forms.ts';
import { useT } from '#app/lib/i18n.tsx';
import { useSubscriptionHeading } from './subscription-heading.ts';
import { WideContactFields } from './fields.tsx';
import { LeadForm } from './lead-form.tsx';
import type { FormResult } from './types.ts';
import { useLeadForm } from './use-lead-form.ts';

/** The subscription form of a topic; it posts to the topic's URL (`/api/subscription_forms/{topic}/submit/`, the spec's dynamic URL). */
export function SubscriptionForm({ topic, project, initial }: { topic: SubscriptionTopic; project?: number | null; initial?: FormResult | undefined }) {
  const t = useT();
  const form = useLeadForm({ kind: 'subscription', url: `/api/subscription_forms/${topic}/submit/` }, { initial });
  const values = initial && initial.state !== 'success' ? initial.values : undefined;
  return (
    <LeadForm form={form} slug="subscribe" context={project ? { project } : undefined} submitLabel={t('forms.actions.subscribe')} subscription layout="wide">
      <input type="hidden" name="topic" value={topic} />
      <WideContactFields values={values} errors={form.errors} />
    </LeadForm>
  );
}

/**
 * The request / subscription block (spec §1, §3): its heading follows the page's topic — default,
 * a project's construction progress, parking, pantry, for children.
 */
export function SubscriptionBlock({ url, seoFilterQuery }: { url?: string; seoFilterQuery?: SeoFilterQuery }) {
  const location = useLocation();
  const { topic, project } = subscriptionTopicForUrl(url ?? `${location.pathname}${location.search}`, { seoFilterQuery });
  const heading = useSubscriptionHeading(topic);
  return (
    <section aria-labelledby="subscription-title" className="container-page pb-16 sm:pb-24">
      <div className="grid gap-8 rounded-3xl bg-white p-6 ring-1 ring-line sm:p-10 lg:grid-cols-[0.8fr_1.2fr] lg:gap-14">
        <div>
          <h2 id="subscription-title" className="text-2xl font-extrabold tracking-tight text-balance sm:text-3xl">
            {heading.title}
          </h2>
          <p className="mt-3 text-lg text-muted">{heading.description}</p>
        </div>
        <SubscriptionForm topic={topic} project={project} />
      </div>
    </section>
  );
}
