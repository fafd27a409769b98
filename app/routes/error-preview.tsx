import { data } from 'react-router';
import type { Route } from './+types/error-preview';
import { appContext } from '#app/lib/context.server.ts';
import { pageNotFound } from '#app/lib/route-validate.ts';

/**
 * `/_error/{status}` answers with that status and the error page, for reviewing and testing every variant
 * with its real HTTP status. On when ERROR_PREVIEW is set (default outside production); a 404 otherwise.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  const status = Number(params.status);
  if (!config.errorPreview || !/^[45]\d\d$/.test(params.status)) pageNotFound();
  if (status === 404) pageNotFound();
  throw data(null, { status });
}

export default function ErrorPreview() {
  return null;
}
