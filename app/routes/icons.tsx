import type { Route } from './+types/icons';
import { Icon } from '#app/components/ui/icon.tsx';
import { ICON_NAMES } from '#app/components/ui/icon-paths.ts';
import { translate, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  return pageMeta(args, { title: messages ? translate(messages, 'routes.icons') : undefined, noindex: true });
}

/** `/_icons`: the sprite on its own plain layout (no header or footer), for designers and developers. */
export default function Icons() {
  const t = useT();
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10 sm:px-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{t('routes.icons')}</h1>
      <p className="mt-2 text-muted">{t('icons.intro')}</p>
      <ul className="mt-8 grid grid-cols-2 gap-3 xs:grid-cols-3 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8">
        {ICON_NAMES.map((name) => (
          <li key={name} className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-white p-4 text-center">
            <Icon name={name} className="size-8 text-brand-800" />
            <code className="text-xs break-all text-muted select-all">{name}</code>
          </li>
        ))}
      </ul>
    </main>
  );
}
