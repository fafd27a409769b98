import type { Locale } from '#core/i18n/locales.ts';

/** The PDF links of the catalogue (served by server/modules/pdf/routes.ts): the project's presentation and the lot's sheet. */
export const presentationPath = (locale: Locale, projectId: string) => `/pdf/${locale}/projects/${projectId}.pdf`;
export const lotSheetPath = (locale: Locale, lotId: string) => `/pdf/${locale}/lots/${lotId}.pdf`;
