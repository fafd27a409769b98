import type { RouterContextProvider } from 'react-router';
import type { FeatureValues } from '#core/flags/keys.ts';
import { appContext } from './context.server.ts';

/**
 * The features a page reads, evaluated by the server for the visitor it renders for (ADR 015, 027): a route loader
 * returns them and its component puts them under `PageFeatures` (app/lib/features.tsx), so the page renders and
 * hydrates with them without the SDK in its first load. A failure leaves every feature at its default (the page
 * still renders, as the root loader does without the payload).
 */
export async function pageFeatures(context: Readonly<RouterContextProvider>, keys: readonly string[]): Promise<FeatureValues> {
  const { services, visitorId } = context.get(appContext);
  try {
    return await services.features.values(keys, visitorId);
  } catch (error) {
    console.error('page features unavailable', error);
    return {};
  }
}
