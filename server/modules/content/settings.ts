import { eq } from 'drizzle-orm';
import type { Locale } from '#core/i18n/locales.ts';
import { pick } from '#core/schemas/localized.ts';
import type { Db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';
import { cached, STRICT_POLICY, type CachePolicy } from '../../db/cache.ts';

export type PublicSettings = {
  companyName: string;
  legalName: string;
  address: string;
  workingHours: string;
  phones: { label: string; number: string }[];
  supportPhone: string;
  /** The sales team's messengers, each '' when not offered (core/content/sales-contacts.ts `messengersOf`). */
  whatsapp: string;
  telegram: string;
  wechat: string;
  /** The languages its managers speak: a page promises a manager in a language only when it is here. */
  salesLanguages: Locale[];
  email: string;
  socials: { network: string; url: string }[];
  /** The lowest rate of the mortgage programmes in force (server/modules/purchase/service.ts), not a setting: one fact, one source. */
  minMortgageRate: number | null;
  disclosureUrl: string;
  appStoreUrl: string;
  googlePlayUrl: string;
};

export function createSettingsService(db: Db, policy: CachePolicy = STRICT_POLICY, getRate: () => Promise<number | null> = async () => null) {
  const row = cached(
    async () => {
      const [found] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
      if (!found) throw new Error('site_settings has no row: run the seed (npm run db:seed)');
      return found;
    },
    30_000,
    policy,
    'site settings',
  );

  return {
    async get(locale: Locale): Promise<PublicSettings> {
      const [s, minMortgageRate] = await Promise.all([row.get(), getRate()]);
      return {
        companyName: pick(s.companyName, locale),
        legalName: pick(s.legalName, locale),
        address: pick(s.address, locale),
        workingHours: pick(s.workingHours, locale),
        phones: s.phones.map((p) => ({ label: pick(p.label, locale), number: p.number })),
        supportPhone: s.supportPhone,
        whatsapp: s.whatsapp,
        telegram: s.telegram,
        wechat: s.wechat,
        salesLanguages: s.salesLanguages,
        email: s.email,
        socials: s.socials,
        minMortgageRate,
        disclosureUrl: s.disclosureUrl,
        appStoreUrl: s.appStoreUrl,
        googlePlayUrl: s.googlePlayUrl,
      };
    },
    invalidate: row.invalidate,
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
