import { useRouteLoaderData } from 'react-router';
import type { loader } from './root-loader.server.ts';

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The root loader's data (locale, messages, settings, menus, client config), from anywhere in the tree. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}
