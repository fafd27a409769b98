import type { Picture } from '#core/catalogue/types.ts';
import { dayText, hoursLines, hoursOf, type OfficeView } from '#core/content/offices.ts';
import { formatDay } from '#core/i18n/dates.ts';
import { formatPhone, telHref } from '#core/phone.ts';
import { buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { Image } from '#app/components/ui/image.tsx';
import { useLocale, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { MeetingLink } from './meeting.tsx';
import { OfficeStatusLine } from './status.tsx';

/**
 * An office with its photo signed for the page (the loader's `pictureSigner`); without what the card does not show
 * (its hours in words, its place on a map), so a page's data need not carry them, nor its projects where it shows none.
 */
export type OfficeShown = Omit<OfficeView, 'photo' | 'hours' | 'lat' | 'lng' | 'projects'> & { photo: Picture; projects?: OfficeView['projects'] };

/**
 * One sales office: its photo (its box reserved), what it is, whether it is open now (its hours in its time zone,
 * live), its week and coming special days (holidays, changed hours), phones, e-mail, the projects it serves, and the two things a visitor does next: book a meeting there or
 * get directions. `headingLevel` follows the page's outline.
 */
export function OfficeCard({
  office,
  project,
  headingLevel = 2,
  showProjects = true,
}: {
  office: OfficeShown;
  project?: number | undefined;
  headingLevel?: 2 | 3;
  showProjects?: boolean;
}) {
  const t = useT();
  const lp = useLocalePath();
  const locale = useLocale();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `office-${office.slug}`;
  return (
    <article aria-labelledby={headingId} className="flex w-full flex-col overflow-hidden rounded-3xl bg-white ring-1 ring-line">
      <Image picture={office.photo} usage="officePhoto" alt={office.photo.alt} className="aspect-[16/10]" />
      <div className="flex flex-1 flex-col p-6 sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-muted uppercase">{t(`offices.kind.${office.kind}`)}</p>
        <Heading id={headingId} className="mt-1 text-xl font-bold tracking-tight sm:text-2xl">
          {office.name}
        </Heading>
        <p className="mt-3 flex items-start gap-2">
          <Icon name="map-pin" className="info-icon" />
          {office.address}
        </p>
        <OfficeStatusLine hours={hoursOf(office)} status={office.status} className="mt-4" />
        <div className="mt-3 flex items-start gap-2 text-sm">
          <Icon name="clock" className="info-icon" />
          <div>
            <p className="sr-only">{t('offices.hours.title')}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {hoursLines(office.schedule, t).map((line) => (
                <div key={line.days} className="contents">
                  <dt className="text-muted">{line.days}</dt>
                  <dd>{line.hours}</dd>
                </div>
              ))}
            </dl>
            {office.exceptions.length ? (
              <>
                <p className="mt-2 font-semibold">{t('offices.hours.exceptions')}</p>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                  {office.exceptions.map((e) => (
                    <div key={e.date} className="contents">
                      <dt className="text-muted">
                        <time dateTime={e.date}>{formatDay(e.date, locale, 'dayMonth')}</time>
                      </dt>
                      <dd>{dayText(e.hours, t)}</dd>
                    </div>
                  ))}
                </dl>
              </>
            ) : null}
            <p className="mt-1 text-xs text-muted">{t('offices.hours.zone', { offset: office.utcOffset })}</p>
          </div>
        </div>
        <ul aria-label={t('offices.phones')} className="mt-4 flex flex-col gap-1">
          {office.phones.map((phone) => (
            <li key={phone}>
              <a href={telHref(phone)} className="inline-flex items-center gap-2 font-bold hover:text-brand-700">
                <Icon name="phone" className="size-5 text-brand-700" />
                {formatPhone(phone)}
              </a>
            </li>
          ))}
          {office.email ? (
            <li>
              <a href={`mailto:${office.email}`} className="inline-flex items-center gap-2 wrap-anywhere hover:text-brand-700">
                <Icon name="mail" className="size-5 text-brand-700" />
                <span className="sr-only">{t('offices.email')}: </span>
                {office.email}
              </a>
            </li>
          ) : null}
        </ul>
        {showProjects && office.projects?.length ? (
          <div className="mt-4">
            <p className="text-sm text-muted">{t('offices.projects')}</p>
            <ul className="mt-1 flex flex-wrap gap-2">
              {office.projects.map((p) => (
                <li key={p.id}>
                  <a
                    href={lp(p.url)}
                    className="inline-flex min-h-9 items-center rounded-full bg-brand-50 px-3 text-sm font-semibold text-brand-800 hover:bg-brand-100"
                  >
                    {p.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-3 pt-6">
          <MeetingLink office={office.id} project={project} label={t('offices.bookAt', { name: office.name })} className={buttonClass('primary', 'md')}>
            <Icon name="calendar" />
            {t('offices.book')}
          </MeetingLink>
          <a
            href={office.routeUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('offices.routeTo', { name: office.name })}
            className={buttonClass('secondary', 'md')}
          >
            {t('offices.route')}
            <Icon name="external" className="size-4" />
          </a>
        </div>
      </div>
    </article>
  );
}
