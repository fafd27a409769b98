/**
 * The demo developer's settings (`site_settings`): its names, address, hours, phones, e-mail, social networks and
 * app links, in Russian, English and Chinese. Every company, person, phone number (+7 495 000-xx-xx), e-mail (@example.ru) and address here is invented.
 * Seeded by server/db/seed.ts; the messengers and the languages of the sales team are the back office's
 * (core/admin/kinds/settings.ts): a page offers a messenger or a manager's language only when it is set here.
 */
import type { SiteSettings } from './types.ts';
import { t } from '#core/i18n/localized.ts';

export const settings: SiteSettings = {
  companyName: t('Северная линия', 'Severnaya Liniya Development', '北线开发'),
  legalName: t('ООО «Специализированный застройщик „Северная линия“»', 'Severnaya Liniya Specialised Developer LLC', '“北线”专业开发商有限责任公司'),
  address: t('Москва, набережная Северного Сияния, 5', '5 Severnogo Siyaniya Embankment, Moscow', '莫斯科，北极光滨河路5号'),
  workingHours: t('Ежедневно с 9:00 до 21:00', 'Daily, 9:00–21:00 (Moscow time)', '每天 9:00–21:00（莫斯科时间）'),
  phones: [
    {
      label: t('Отдел продаж', 'Sales office', '销售部'),
      number: '+74950001010',
    },
    {
      label: t('Коммерческая недвижимость', 'Commercial property', '商业物业'),
      number: '+74950003030',
    },
    {
      label: t('Для иностранных покупателей', 'International buyers', '外国买家专线'),
      number: '+74950004040',
    },
  ],
  supportPhone: '+74950002020',
  whatsapp: '+74950001010',
  telegram: 'severnaya_sales',
  wechat: 'severnaya-sales',
  salesLanguages: ['ru', 'en', 'zh'],
  email: 'sales@example.ru',
  socials: [
    { network: 'telegram', url: 'https://t.me/example' },
    { network: 'vk', url: 'https://vk.com/example' },
    { network: 'youtube', url: 'https://www.youtube.com/@example' },
    { network: 'dzen', url: 'https://dzen.ru/example' },
  ],
  disclosureUrl: 'https://disclosure.example.ru/',
  appStoreUrl: 'https://apps.apple.com/ru/app/id0000000000',
  googlePlayUrl: 'https://play.google.com/store/apps/details?id=ru.example.residents',
};
