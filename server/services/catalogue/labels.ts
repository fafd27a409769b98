import type { Locale } from '#core/i18n/locales.ts';
import type { LotType, ProjectStatus } from '#core/catalogue/types.ts';
import { completionText, type Translate } from '#core/catalogue/format.ts';
import { translate } from '#core/i18n/messages.ts';
import { parseCompletion } from '#core/catalogue/completion.ts';
import ru, { type Messages } from '#core/i18n/catalogs/ru/index.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';

/** Words of the catalogue in three languages: codes stored in the database become text here. */
type Words = Record<string, { ru: string; en: string; zh: string }>;

const w = (ru: string, en: string, zh: string) => ({ ru, en, zh });

/**
 * The words a buyer also reads on cards and pages (lot type, rooms, finish, status, project status) come from the
 * page catalogs (core/i18n/catalogs), so a filter choice, a card, a page, a PDF and the feed say the same thing.
 */
const CATALOGS = { ru: ru.catalogue, en: en.catalogue, zh: zh.catalogue } as const;
type Catalogue = Messages['catalogue'];

function fromCatalogs<K extends string>(pick: (catalogue: Catalogue) => Record<K, string>): Record<K, { ru: string; en: string; zh: string }> {
  const codes = Object.keys(pick(CATALOGS.ru)) as K[];
  return Object.fromEntries(codes.map((code) => [code, w(pick(CATALOGS.ru)[code], pick(CATALOGS.en)[code], pick(CATALOGS.zh)[code])])) as Record<
    K,
    { ru: string; en: string; zh: string }
  >;
}

export const LOT_TYPE_WORDS: Words = fromCatalogs((c) => c.lotType);

export const ROOM_WORDS: Words = fromCatalogs((c) => c.rooms.chip);

export const FINISH_WORDS: Words = fromCatalogs((c) => c.finish);

export const STATUS_WORDS: Words = fromCatalogs((c) => c.status);

export const PROJECT_STATUS_WORDS: Record<ProjectStatus, { ru: string; en: string; zh: string }> = fromCatalogs((c) => c.projectStatus);

export const VIEW_WORDS: Words = {
  park: w('На парк', 'Park view', '公园景观'),
  river: w('На реку', 'River view', '河景'),
  city: w('На город', 'City view', '城市景观'),
  courtyard: w('Во двор', 'Courtyard view', '庭院景观'),
  boulevard: w('На бульвар', 'Boulevard view', '林荫大道景观'),
  forest: w('На сосновый парк', 'Pine park view', '松林景观'),
};

export const WINDOW_WORDS: Words = {
  north: w('Север', 'North', '北'),
  south: w('Юг', 'South', '南'),
  east: w('Восток', 'East', '东'),
  west: w('Запад', 'West', '西'),
};

export const FEATURE_WORDS: Words = {
  loggia: w('Лоджия', 'Loggia', '内阳台'),
  balcony: w('Балкон', 'Balcony', '阳台'),
  wardrobe: w('Гардеробная', 'Walk-in wardrobe', '衣帽间'),
  master_bedroom: w('Мастер-спальня', 'Master bedroom', '主卧套房'),
  two_bathrooms: w('Два санузла', 'Two bathrooms', '双卫生间'),
  terrace: w('Терраса', 'Terrace', '露台'),
  panoramic_windows: w('Панорамные окна', 'Floor-to-ceiling windows', '落地窗'),
  laundry: w('Постирочная', 'Laundry room', '洗衣房'),
  ev_charging: w('Зарядка для электромобиля', 'EV charger', '电动车充电桩'),
  wide: w('Широкое место', 'Wide space', '宽车位'),
  near_lift: w('Рядом с лифтом', 'Next to the lift', '靠近电梯'),
  street_entrance: w('Вход с улицы', 'Street entrance', '临街入口'),
  shop_window: w('Витринные окна', 'Shop windows', '橱窗'),
  wet_point: w('Мокрая точка', 'Water supply point', '上下水点位'),
};

export const PURPOSE_WORDS: Words = {
  shop: w('Магазин', 'Shop', '商店'),
  cafe: w('Кафе', 'Café', '咖啡馆'),
  office: w('Офис', 'Office', '办公室'),
  services: w('Услуги', 'Services', '生活服务'),
  clinic: w('Клиника', 'Clinic', '诊所'),
};

export const SPEC_WORDS: Words = {
  project: w('Проект', 'Project', '项目'),
  building: w('Корпус', 'Building', '楼栋'),
  type: w('Тип помещения', 'Property type', '房源类型'),
  rooms: w('Комнаты', 'Rooms', '房间数'),
  euro: w('Европланировка', 'Euro layout', '欧式户型'),
  price: w('Цена', 'Price', '价格'),
  area: w('Площадь', 'Area', '面积'),
  floor: w('Этаж', 'Floor', '楼层'),
  completion: w('Срок сдачи', 'Completion', '交付时间'),
  finish: w('Отделка', 'Finish', '装修'),
  status: w('Статус', 'Status', '状态'),
  discount: w('Со скидкой', 'On offer', '特价'),
  not_first_floor: w('Не первый этаж', 'Not the ground floor', '非首层'),
  not_last_floor: w('Не последний этаж', 'Not the top floor', '非顶层'),
  district: w('Район', 'District', '区域'),
  realty_types: w('Тип помещения', 'Property type', '房源类型'),
  year: w('Год', 'Year', '年份'),
};

export const word = (words: Words, code: string, locale: Locale): string => words[code]?.[locale] ?? code;

const TRANSLATE: Record<Locale, Translate> = {
  ru: (key, params) => translate(ru, key, params),
  en: (key, params) => translate(en, key, params),
  zh: (key, params) => translate(zh, key, params),
};

/** '2027-Q4' → «IV квартал 2027» / 'Q4 2027' / «2027 年第 4 季度»; 'done' (or null) → «Дом сдан»: the pages' one formatter. */
export function completionLabel(value: string | null, locale: Locale): string {
  return completionText(value, TRANSLATE[locale]);
}

/** A project's completion on its card and in its presentation: «Сдача — IV квартал 2027», or «Дом сдан». */
export function projectCompletionLabel(value: string | null, locale: Locale): string {
  const t = TRANSLATE[locale];
  return parseCompletion(value) ? t('catalogue.completion.phrase', { when: completionText(value, t) }) : completionText(null, t);
}

// Built once: constructing an Intl.NumberFormat costs more than the rest of a lot card.
const AREA_FORMAT: Record<Locale, Intl.NumberFormat> = {
  ru: new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }),
  zh: new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 }),
};

export function formatArea(area: number, locale: Locale): string {
  const number = AREA_FORMAT[locale].format(area);
  return locale === 'zh' ? `${number}平方米` : `${number} ${locale === 'ru' ? 'м²' : 'm²'}`;
}

/** What a lot is called in a heading or an image's alt text: '2-комнатная квартира, 54,3 м²'. */
export function lotTitle(type: LotType, rooms: number | null, euro: boolean, area: number, locale: Locale): string {
  const size = formatArea(area, locale);
  if (type !== 'flat' || rooms === null) return `${word(LOT_TYPE_WORDS, type, locale)}, ${size}`;
  if (rooms === 0) return `${word(ROOM_WORDS, '0', locale)}, ${size}`;
  const euroNote = { ru: ' (европланировка)', en: ' (euro layout)', zh: '（欧式户型）' }[locale];
  const name = { ru: `${rooms}-комнатная квартира`, en: `${rooms}-room flat`, zh: `${rooms}室公寓` }[locale];
  return `${name}${euro ? euroNote : ''}, ${size}`;
}

export const ALT = {
  genplan: w('Генплан', 'Master plan', '总平面图'),
  facade: w('Фасад', 'Facade', '立面图'),
  floorPlan: w('План этажа', 'Floor plan', '楼层平面图'),
  progress: w('Ход строительства', 'Construction progress', '施工进度'),
};
