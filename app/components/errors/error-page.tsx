import { useEffect } from 'react';
import { isRouteErrorResponse } from 'react-router';
import { recoverFromChunkError } from '#app/lib/chunk-reload.ts';
import { buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useLocalePath, useT, type TextKey } from '#app/lib/i18n.tsx';
import { formatPhone, telHref } from '#core/phone.ts';
import { useRootData } from '#app/lib/root-data.ts';
import { useHere } from '#app/lib/here.ts';
import type { NotFoundData } from '#app/lib/route-validate.ts';

/** Spec §2: the pages shown for 404, 500 and 505, 502, and a generic one for any other code. */
export const ERROR_PAGE_STATUSES = [404, 500, 502, 505] as const;

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

export function errorTexts(status: number): { title: TextKey; description: TextKey } {
  if (status === 404) return { title: 'error.title404', description: 'error.description404' };
  if (status === 500 || status === 505) return { title: 'error.title500', description: 'error.description500' };
  if (status === 502) return { title: 'error.title502', description: 'error.description502' };
  return { title: 'error.titleOther', description: 'error.descriptionOther' };
}

/**
 * The address a 404 is about. The route's technical message ('Page Not Found: {full path}' or 'Page not found', spec §2)
 * stays in the error data; the page says it in the visitor's language («Запрошенный адрес: /projects/x»), never the
 * English message under a translated title.
 */
function missingPath(error: unknown, here: string): string | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null;
  const data = error.data as NotFoundData | string | null;
  const message = data && typeof data === 'object' && typeof data.message === 'string' ? data.message : typeof data === 'string' ? data : '';
  const named = /^Page Not Found: (.+)$/s.exec(message);
  return named ? named[1]! : here;
}

export function ErrorPage({ error }: { error: unknown }) {
  const t = useT();
  const lp = useLocalePath();
  const root = useRootData();
  const status = errorStatus(error);
  const texts = errorTexts(status);
  const supportPhone = root?.settings?.supportPhone;
  const here = useHere();
  const path = missingPath(error, here);
  // A route's code that failed to load (a new deploy): one full load of this page, guarded (spec §4).
  useEffect(() => {
    recoverFromChunkError(error);
  }, [error]);

  return (
    <section className="container-page flex flex-1 flex-col items-center py-16 text-center sm:py-24" aria-labelledby="error-title">
      <p className="text-[5.5rem] leading-none font-extrabold tracking-tighter text-brand-500 sm:text-[9rem]">
        <span className="sr-only">{t('error.code', { status })}</span>
        <span aria-hidden="true">{status}</span>
      </p>
      <h1 id="error-title" className="mt-4 max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {t(texts.title)}
      </h1>
      <p className="mt-4 max-w-xl text-lg text-pretty text-muted">{t(texts.description)}</p>
      {path ? <p className="mt-3 max-w-xl text-sm break-all text-muted">{t('error.address', { path })}</p> : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {status === 404 ? (
          <>
            <a href={`${lp('/filter')}/`} target="_blank" rel="noopener" className={buttonClass('primary', 'lg')}>
              <Icon name="search" />
              {t('error.openFilter')}
              <span className="sr-only">{t('error.newTab')}</span>
            </a>
            <a href={lp('/')} className={buttonClass('secondary', 'lg')}>
              <Icon name="home" />
              {t('error.goHome')}
            </a>
          </>
        ) : (
          <a
            href={here}
            className={buttonClass('primary', 'lg')}
            onClick={(event) => {
              event.preventDefault();
              window.location.reload();
            }}
          >
            <Icon name="reload" />
            {t('error.reload')}
          </a>
        )}
      </div>
      {supportPhone ? (
        <p className="mt-10 text-muted">
          {t('error.support')}:{' '}
          <a
            className="font-semibold whitespace-nowrap text-ink underline decoration-brand-300 underline-offset-4 hover:decoration-brand-700"
            href={telHref(supportPhone)}
          >
            {formatPhone(supportPhone)}
          </a>
        </p>
      ) : null}
    </section>
  );
}
