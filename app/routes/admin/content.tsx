import { Link } from 'react-router';
import { AdminTitle } from '#app/components/admin/shell.tsx';
import type { Route } from './+types/content';
import { CONTENT_KINDS } from '#core/admin/kinds.ts';
import { contentPage } from '#app/lib/admin-content.server.ts';

/** `/admin/content`: the kinds of content an editor may change. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { messages } = await contentPage(context, request);
  return { messages, kinds: CONTENT_KINDS.map((name) => ({ name, label: messages.kinds[name] })) };
}

export default function ContentHome({ loaderData }: Route.ComponentProps) {
  const { messages, kinds } = loaderData;
  return (
    <section>
      <AdminTitle>{messages.title}</AdminTitle>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {kinds.map((kind) => (
          <li key={kind.name}>
            <Link
              to={`/admin/content/${kind.name}`}
              className="block rounded-2xl border border-line p-5 font-semibold hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              {kind.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
