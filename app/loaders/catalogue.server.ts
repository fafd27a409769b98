import type { RouterContextProvider } from 'react-router';
import type { CatalogueService } from '#core/catalogue/service.ts';
import { appContext } from '#app/lib/context.server.ts';

/** The catalogue service for route loaders, held to the contract the screens are written against. */
export function catalogueService(context: Readonly<RouterContextProvider>): CatalogueService {
  return context.get(appContext).services.catalogue;
}
