import type { RouterContextProvider } from 'react-router';
import type { FeatureValues } from '#core/flags/keys.ts';
import { appContext } from './context.server.ts';

/**
 * The features a page reads, evaluated by the server for its visitor (ADR 015, 027); the component puts them under
 * `PageFeatures`, so the first load needs no SDK. A failure leaves every feature at its default: the page still renders.
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
