/**
 * The demo's four menus (`menu_items`, the back office's `menus` kind): the header, the ways to buy, the mortgage
 * links and the footer, each link with its submenu's links. Paths are without the locale prefix.
 */
import type { Localized, MenuLink } from './types.ts';
import { t } from '#core/i18n/localized.ts';
import { projects } from './projects.ts';

const link = (title: Localized, url: string, children?: MenuLink[]): MenuLink => (children ? { title, url, children } : { title, url });

export const menus: {
  header: MenuLink[];
  purchasingMethods: MenuLink[];
  mortgage: MenuLink[];
  footer: MenuLink[];
} = {
  header: [
    link(
      t('Проекты', 'Projects', '项目'),
      '/projects',
      projects.map((p) => link(p.name, `/projects/${p.id}`)),
    ),
    link(t('Квартиры и помещения', 'Flats and premises', '公寓与房源'), '/filter'),
    link(t('Машино-места', 'Parking', '车位'), '/filter/mashino-mesta'),
    link(t('Кладовые', 'Storage rooms', '储藏室'), '/filter/kladovye'),
    link(t('Коммерция', 'Commercial', '商业物业'), '/filter/kommercheskaya'),
    link(t('Акции', 'Promotions', '优惠活动'), '/promo'),
    link(t('Новости', 'News', '新闻动态'), '/news'),
    link(t('Контакты', 'Contacts', '联系我们'), '/contacts'),
  ],
  purchasingMethods: [
    link(t('Ипотека', 'Mortgage', '房贷'), '/purchase/mortgage'),
    link(t('Семейная ипотека', 'Family mortgage', '家庭房贷'), '/purchase/family-mortgage'),
    link(t('IT-ипотека', 'IT mortgage', 'IT从业者房贷'), '/purchase/it-mortgage'),
    link(t('Рассрочка', 'Instalment plan', '分期付款'), '/purchase/installment'),
    link(t('Trade-in', 'Trade-in', '以旧换新'), '/purchase/trade-in'),
  ],
  // `min_mortgage_rate` is replaced by the lowest rate of the live finance programmes, each link's own kind (0 when none; spec §3).
  mortgage: [
    link(t('Ипотека от min_mortgage_rate%', 'Mortgage from min_mortgage_rate%', '房贷利率低至 min_mortgage_rate%'), '/purchase/mortgage'),
    link(
      t('Семейная ипотека от min_mortgage_rate%', 'Family mortgage from min_mortgage_rate%', '家庭房贷利率低至 min_mortgage_rate%'),
      '/purchase/family-mortgage',
    ),
    link(t('IT-ипотека от min_mortgage_rate%', 'IT mortgage from min_mortgage_rate%', 'IT从业者房贷利率低至 min_mortgage_rate%'), '/purchase/it-mortgage'),
  ],
  footer: [
    link(t('Покупателям', 'For buyers', '购房服务'), '/projects', [
      link(t('Проекты', 'Projects', '项目'), '/projects'),
      link(t('Квартиры и помещения', 'Flats and premises', '公寓与房源'), '/filter'),
      link(t('Акции', 'Promotions', '优惠活动'), '/promo'),
      link(t('Аукционы', 'Auctions', '拍卖'), '/auctions'),
      link(t('Ипотека', 'Mortgage', '房贷'), '/purchase/mortgage'),
      link(t('Рассрочка', 'Instalment plan', '分期付款'), '/purchase/installment'),
      link(t('Trade-in', 'Trade-in', '以旧换新'), '/purchase/trade-in'),
      link(t('Избранное', 'My selection', '我的收藏'), '/selection'),
    ]),
    link(t('Компания', 'Company', '公司'), '/about', [
      link(t('О компании', 'About us', '公司简介'), '/about'),
      link(t('Новости', 'News', '新闻动态'), '/news'),
      link(t('Карьера', 'Careers', '招贤纳士'), '/careers'),
      link(t('Контакты', 'Contacts', '联系我们'), '/contacts'),
    ]),
    link(t('Документы', 'Documents', '法律文件'), '/disclosure', [
      link(t('Раскрытие информации', 'Information disclosure', '信息披露'), '/disclosure'),
      link(t('Правовая информация', 'Legal information', '法律声明'), '/legal'),
      link(t('Политика обработки персональных данных', 'Personal data processing policy', '个人数据处理政策'), '/privacy'),
      link(
        t('Лица, которым могут передаваться персональные данные', 'Persons to whom personal data may be transferred', '个人数据接收方名单'),
        '/data-recipients',
      ),
    ]),
  ],
};
