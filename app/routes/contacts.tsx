import type { Route } from './+types/contacts';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { contactDialogOpener } from '#app/components/layout/contact-opener.tsx';
import { MeetingBooking, MeetingLink } from '#app/components/offices/meeting.tsx';
import { OfficeCard } from '#app/components/offices/office-card.tsx';
import { OfficesMap } from '#app/components/offices/offices-map.tsx';
import { localBusiness } from '#app/components/offices/office-json-ld.ts';
import { JsonLd, organization, useAbsoluteUrl, usePictureUrl, useSiteOrigin } from '#app/components/seo/json-ld.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { appContext } from '#app/lib/context.server.ts';
import { pictureSigner } from '#app/lib/images.server.ts';
import { translate, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { bookingData } from '#app/loaders/booking.server.ts';
import { requestLocale } from '#app/loaders/route-params.ts';
import { ChannelLink, ContactFacts, useContactChannels } from '#app/components/layout/contact-channels.tsx';
import type { PublicSettings } from '#server/modules/content/settings.ts';
import { useRootData } from '#app/lib/root-data.ts';

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  return pageMeta(args, {
    title: messages ? translate(messages, 'routes.contacts') : undefined,
    description: messages ? translate(messages, 'offices.lead') : undefined,
  });
}

/** The prefix the error page shows before a contact-page failure (spec §8: rethrown with a prefixed message). */
export const CONTACTS_FAILURE = 'Contact page';

/**
 * `/contacts`: the company's channels and every sales office, with the meeting form ready to open for any of
 * them. The offices' "open now" is computed at the request's time here and kept live in the browser; the developer
 * and each office are schema.org data too (`Organization`, `LocalBusiness` with the offices' hours).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { services, config } = context.get(appContext);
  const locale = requestLocale(url);
  const now = new Date();
  try {
    const [offices, booking] = await Promise.all([
      services.offices.list(locale, {}, now),
      // Free dates and times are live (no last good copy): without them the page still answers, and "book a
      // meeting" leads to the form's own page instead of the dialog.
      bookingData(services, 'meeting', locale).catch(() => null),
    ]);
    const sign = pictureSigner(context, request);
    return {
      offices: offices.map((office) => ({ ...office, photo: sign(office.photo, 'officePhoto') })),
      booking,
      mapsKey: config.mapsKey,
    };
  } catch (error) {
    throw new Error(`${CONTACTS_FAILURE}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

export default function Contacts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const settings = useRootData()?.settings;
  const { offices, booking, mapsKey } = loaderData;
  const absolute = useAbsoluteUrl();
  const origin = useSiteOrigin();
  const pictureUrl = usePictureUrl();
  const page = absolute('/contacts');
  const organizationId = `${absolute('/')}#organization`;
  return (
    <MeetingBooking booking={booking}>
      {settings ? (
        <JsonLd
          data={[
            { ...organization(settings, absolute('/'), origin), '@id': organizationId },
            ...offices.map((office) =>
              localBusiness(office, {
                self: `${page}#office-${office.slug}`,
                organization: organizationId,
                url: page,
                image: pictureUrl(office.photo, 'officePhoto'),
              }),
            ),
          ]}
        />
      ) : null}
      <section className="container-page py-8 sm:py-12">
        <Breadcrumbs items={[{ label: t('routes.contacts') }]} />
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-5xl">{t('routes.contacts')}</h1>
        <p className="mt-4 max-w-3xl text-lg text-muted">{t('offices.lead')}</p>
        {settings ? <ContactDetails settings={settings} /> : null}
        <section aria-labelledby="offices-title" className="mt-12 sm:mt-16">
          <div className="section-head">
            <h2 id="offices-title" className="text-2xl font-extrabold tracking-tight sm:text-4xl">
              {t('offices.officesTitle')}
            </h2>
            <MeetingLink className={buttonClass('primary', 'lg')}>
              <Icon name="calendar" />
              {t('offices.book')}
            </MeetingLink>
          </div>
          {mapsKey ? <OfficesMap offices={offices} mapsKey={mapsKey} /> : null}
          <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            {offices.map((office) => (
              <li key={office.id} className="flex">
                <OfficeCard office={office} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      </section>
    </MeetingBooking>
  );
}

/** Every line, WhatsApp and e-mail (the same channels as the contact modal), the office, and the way to the modal. */
function ContactDetails({ settings }: { settings: PublicSettings }) {
  const t = useT();
  const channels = useContactChannels(settings, 'every');
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-3">
      <div className="rounded-3xl border border-line bg-white p-6 sm:p-8 lg:col-span-2">
        <h2 className="sr-only">{t('offices.channels')}</h2>
        <ul className="grid gap-6 sm:grid-cols-2">
          {channels.map((channel) => (
            <li key={channel.key}>
              <p className="text-sm text-muted">{channel.title}</p>
              <ChannelLink channel={channel} className="mt-1 inline-flex items-center gap-2 text-xl font-bold wrap-anywhere hover:text-brand-700">
                <Icon name={channel.icon} />
                {channel.detail}
              </ChannelLink>
            </li>
          ))}
        </ul>
        <ContactFacts settings={settings} className="mt-8 border-t border-line pt-6" />
      </div>
      <aside className="flex flex-col justify-between gap-6 rounded-3xl bg-brand-800 p-6 text-white sm:p-8">
        <div>
          <h2 className="text-2xl font-bold">{t('contact.title')}</h2>
          <p className="mt-2 text-brand-100">{t('contact.intro')}</p>
        </div>
        <button {...contactDialogOpener()} className={buttonClass('inverse', 'lg')}>
          {t('header.contact')}
        </button>
      </aside>
    </div>
  );
}
