/** Renders catalogue components to HTML for unit tests: Russian messages, a desktop device, a data router. */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { detectDevice } from '#core/device.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import { DeviceProvider } from '#app/lib/device-context.tsx';
import { I18nProvider } from '#app/lib/i18n.tsx';

const DESKTOP = detectDevice({
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'text/html,image/webp,*/*',
});

export function renderCatalogue(element: ReactNode, { path = '/', selectionIds = [] as string[] } = {}): string {
  const router = createMemoryRouter([{ path: '*', element, loader: () => ({ selectionIds }) }], {
    initialEntries: [path],
    hydrationData: { loaderData: { '0': { selectionIds } } },
  });
  return renderToString(
    <I18nProvider value={{ locale: 'ru', strategy: 'prefix_except_default', messages: ru }}>
      <DeviceProvider value={DESKTOP}>
        <RouterProvider router={router} />
      </DeviceProvider>
    </I18nProvider>,
  );
}

/** Text of an HTML fragment, tags dropped and entities a test meets decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0|\u202f/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
