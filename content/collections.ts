import type { Localized } from './types.ts';
import { t } from '#core/i18n/localized.ts';

export type CollectionContent = {
  slug: string;
  title: Localized;
  description: Localized;
  intro: { ru: string[]; en: string[]; zh: string[] };
  /** The saved filter, as its canonical query (core/catalogue/filter.ts); checked by the seed's test. */
  query: string | null;
  lotIds: string[] | null;
};

/**
 * The demo developer's curated collections: each a saved filter over the demo catalogue, so the lots and counts are
 * live. The filters use what the lot index knows (completion, finish, rooms and area, discount).
 */
export const demoCollections: CollectionContent[] = [
  {
    slug: 'ready-to-move-in',
    title: t('Готовые квартиры', 'Ready to move in', '现房'),
    description: t(
      'Квартиры в сданных домах: ключи после сделки, ремонт и переезд — без ожидания стройки.',
      'Flats in completed buildings: keys after the purchase, with no construction to wait for.',
      '已交付楼栋中的公寓：签约后即可收房，无需等待施工。',
    ),
    intro: {
      ru: [
        'Дом уже построен и введён в эксплуатацию: можно прийти и посмотреть саму квартиру, вид из окна и двор, а не макет.',
        'Покупка оформляется договором купли-продажи; после регистрации права собственности квартира ваша. Ипотека на готовое жильё доступна в банках-партнёрах.',
      ],
      en: [
        'The building is finished and in use: you can see the flat itself, the view and the courtyard, not a model.',
        'The purchase is a sale and purchase agreement; once the ownership is registered the flat is yours. Our partner banks lend on completed flats too.',
      ],
      zh: [
        '楼栋已竣工并投入使用：您可以实地查看房屋本身、窗外景观和庭院，而不是样板模型。',
        '购房以买卖合同办理，产权登记后即归您所有。合作银行同样为现房提供贷款。',
      ],
    },
    query: 'type=flat&completion=done',
    lotIds: null,
  },
  {
    slug: 'with-finishing',
    title: t('Квартиры с отделкой', 'Flats with finishing', '精装修公寓'),
    description: t(
      'Чистовая отделка или мебель от застройщика: въезжайте без ремонта.',
      'Finished or furnished by the developer: move in without renovating.',
      '开发商精装修或带家具交付：无需装修即可入住。',
    ),
    intro: {
      ru: [
        'Отделка выполняется по проекту дизайнеров застройщика с материалами, которые мы проверяем на каждом объекте. Стоимость отделки уже включена в цену квартиры и входит в сумму ипотеки.',
        'В подборке — квартиры с чистовой отделкой и с мебелью. Квартиры в white box (под чистовую) ищите в фильтре.',
      ],
      en: [
        'The finishing follows our designers’ specification with materials we check on every site. Its cost is included in the price, so a mortgage covers it too.',
        'This collection has finished and furnished flats. Look for white-box flats (ready for your own finishing) in the filter.',
      ],
      zh: [
        '装修按开发商设计师的方案进行，材料在每个项目上均经过我们检验。装修费用已含在房价中，可一并纳入房贷。',
        '本精选包括精装修和带家具的公寓。毛坯（白盒）公寓请在筛选中查找。',
      ],
    },
    query: 'type=flat&finish=finished,furnished',
    lotIds: null,
  },
  {
    slug: 'family-flats',
    title: t('Квартиры для семьи', 'Family flats', '家庭户型'),
    description: t(
      'Три комнаты и больше, от 70 м²: место для детей, гостей и работы из дома.',
      'Three rooms or more, from 70 m²: room for children, guests and working from home.',
      '三居室及以上、70平方米起：孩子、客人和居家办公都有空间。',
    ),
    intro: {
      ru: [
        'Большие квартиры в кварталах со школами, детскими садами и закрытыми дворами без машин.',
        'Семьи с детьми могут купить их с семейной ипотекой — условия программы и расчёт платежа на странице «Семейная ипотека».',
      ],
      en: [
        'Large flats in neighbourhoods with schools, kindergartens and car-free courtyards.',
        'Families with children may qualify for the family mortgage; see its page for the terms and a payment estimate.',
      ],
      zh: ['位于配有学校、幼儿园和无车庭院的街区中的大户型公寓。', '有子女的家庭可申请家庭房贷，具体条件和月供测算请见“家庭房贷”页面。'],
    },
    query: 'type=flat&rooms=3,4&area_min=70',
    lotIds: null,
  },
  {
    slug: 'with-discount',
    title: t('Квартиры со скидкой', 'Flats on discount', '特价公寓'),
    description: t(
      'Квартиры, цена которых снижена по действующим акциям застройщика.',
      'Flats whose price is reduced under the developer’s current promotions.',
      '按开发商现行优惠活动降价的公寓。',
    ),
    intro: {
      ru: [
        'Старая и новая цена указаны на карточке каждой квартиры. Скидка действует до конца акции или пока квартира в продаже; условия акций — в разделе «Акции».',
      ],
      en: ['Each flat’s card shows its old and new price. The discount holds until the promotion ends or the flat is sold; the terms are in Promotions.'],
      zh: ['每套公寓的卡片上都标有原价和现价。折扣在活动结束前或房源售出前有效；活动条款见“优惠活动”。'],
    },
    query: 'type=flat&discount=true',
    lotIds: null,
  },
];
