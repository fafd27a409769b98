/**
 * Types of the demo developer's editorial content (content/settings.ts, menus.ts, pages/, redirects.ts, seo.ts,
 * projects.ts). The developer, its projects, people, banks and partners are fictional.
 */
import type { Locale } from '#core/i18n/locales.ts';

/** One text in the three site languages. */
export type Localized = { ru: string; en: string; zh: string };

/** A block of a catch-all slug page body. */
export type Block =
  | { type: 'h2'; text: string }
  | { type: 'p'; text: string }
  | { type: 'ul'; items: string[] }
  | { type: 'button'; text: string; href: string; external?: boolean };

/** A page body per language; the three arrays have the same block types in the same order. */
export type LocalizedBlocks = { ru: Block[]; en: Block[]; zh: Block[] };

/** A menu entry; `url` is a path without locale prefix (or an absolute URL). */
export type MenuLink = { title: Localized; url: string; children?: MenuLink[] };

export type SiteSettings = {
  companyName: Localized;
  legalName: Localized;
  address: Localized;
  workingHours: Localized;
  phones: { label: Localized; number: string }[]; // E.164 like '+74950001234'
  /** E.164; shown on the error pages. */
  supportPhone: string;
  /** E.164 number of the WhatsApp account; the link is https://wa.me/<digits without '+'>. Empty: not offered. */
  whatsapp: string;
  /** The sales team's Telegram user name without @ (https://t.me/<name>); empty: not offered. */
  telegram: string;
  /** The sales team's WeChat ID (shown to add in the app: no web link opens a chat); empty: not offered. */
  wechat: string;
  /** The languages the sales team's managers speak: a page promises a manager in a language only when it is here. */
  salesLanguages: Locale[];
  email: string;
  socials: {
    network: 'telegram' | 'vk' | 'youtube' | 'wechat' | 'dzen';
    url: string;
  }[];
  disclosureUrl: string;
  appStoreUrl: string;
  googlePlayUrl: string;
};

export type PageContent = {
  slug: string;
  template: 'text' | 'disclosure' | 'agents' | 'partners';
  title: Localized;
  description: Localized;
  body: LocalizedBlocks;
};

export type RedirectRow = { old_path: string; new_path: string };

export type SeoMetaRow = {
  url: string;
  title: Localized;
  description: Localized;
};

/** Addition to the brief: the four demo projects, so menus, seed and catalogue use the same names. */
export type ProjectStatus = 'completed' | 'construction' | 'presale';
export type ProjectSummary = {
  id: number; // /projects/{id}
  shortSlug: string; // /{projectShortSlug}/{lotType}/{number}
  status: ProjectStatus;
  name: Localized;
  tagline: Localized;
  /** Completion date or sales start, as shown to buyers. */
  completion: Localized;
};
