import { z } from 'zod';
import { LOCALES } from '#core/i18n/locales.ts';

/** Site-wide answers: redirects, menus, settings and page meta (server/modules/content/menus.ts, settings.ts, seo.ts). */
type MenuElement = { id: number; title: string; url: string; children: MenuElement[] };
export const menuElement: z.ZodType<MenuElement> = z
  .strictObject({
    id: z.number().int(),
    title: z.string(),
    url: z.string(),
    get children() {
      return z.array(menuElement);
    },
  })
  .meta({ id: 'MenuElement' });

const link = z.strictObject({ id: z.number().int(), name: z.string(), url: z.string() });

export const headerMenu = z
  .strictObject({
    menu_header: z.strictObject({ elements: z.array(menuElement) }),
    purchasing_methods: z.strictObject({ purchasing_methods: z.array(link) }),
    mortgage: z.strictObject({ elems: z.array(link) }),
    min_mortgage_rate: z.number(),
  })
  .meta({ id: 'HeaderMenu' });

export const footerMenu = z.strictObject({ elements: z.array(menuElement) }).meta({ id: 'FooterMenu' });
export const submenu = z.strictObject({ id: z.number().int(), title: z.string(), url: z.string(), elements: z.array(menuElement) }).meta({ id: 'Submenu' });

export const settings = z
  .strictObject({
    companyName: z.string(),
    legalName: z.string(),
    address: z.string(),
    workingHours: z.string(),
    phones: z.array(z.strictObject({ label: z.string(), number: z.string() })),
    supportPhone: z.string(),
    whatsapp: z.string().describe("The sales team's WhatsApp number (E.164); empty when not offered."),
    telegram: z.string().describe("The sales team's Telegram user name (https://t.me/<name>); empty when not offered."),
    wechat: z.string().describe("The sales team's WeChat ID; empty when not offered."),
    salesLanguages: z.array(z.enum(LOCALES)).describe("The languages the sales team's managers speak."),
    email: z.string(),
    socials: z.array(z.strictObject({ network: z.string(), url: z.string() })),
    minMortgageRate: z.number().nullable(),
    disclosureUrl: z.string(),
    appStoreUrl: z.string(),
    googlePlayUrl: z.string(),
  })
  .meta({ id: 'Settings' });

export const pageMeta = z.strictObject({ title: z.string().optional(), description: z.string().optional() }).meta({ id: 'PageMeta' });
export const redirect = z.strictObject({ old_path: z.string(), new_path: z.string() }).meta({ id: 'Redirect' });
