import { useLocation } from 'react-router';
import type { SeoFilterQuery } from '#core/validation/lead-forms.ts';
import { deferredPart } from '#app/lib/deferred.tsx';

/**
 * The request / subscription block (./subscription-form.tsx) at the foot of a page. Its HTML is in the page (the form
 * posts without JavaScript); its code, and the lead form's, loads as it comes within a screen of the viewport or at
 * the first pointer or focus in it (ADR 027), not with the page.
 */
const block = deferredPart<{ url: string; seoFilterQuery?: SeoFilterQuery }>(() => import('./subscription-form.tsx').then((m) => m.SubscriptionBlock), {
  near: true,
});

/** The block's topic follows the page's address (`url`, else the current one). */
export function SubscriptionBlock({ url, seoFilterQuery }: { url?: string; seoFilterQuery?: SeoFilterQuery }) {
  const location = useLocation();
  return <block.Part url={url ?? `${location.pathname}${location.search}`} {...(seoFilterQuery ? { seoFilterQuery } : {})} />;
}
