/**
 * What a demo project's blueprint holds (what is built where, its prices, sales and page texts) and the helpers the
 * blueprints are written with: the project's names from content/projects.ts, the purchase methods, distances, outlines.
 * The four blueprints are in demo-projects/, listed by demo-projects.ts.
 */
import type { View } from '#core/catalogue/lot-features.ts';
import type { Finish, ProjectStatus } from '#core/catalogue/types.ts';
import type { BuildingMaterial } from '#core/feeds/portals.ts';
import { type DEMO_MEDIA } from '#core/image/demo-media.ts';
import { projects as siteProjects } from '#content/projects.ts';
import type { Localized } from '#core/schemas/localized.ts';
import type { ProjectContent } from '../schema.ts';
import type { FlatLayoutCode } from './layouts.ts';
import { t } from '#core/i18n/localized.ts';

export type UndergroundLevel = { parking: number; pantries: number };

export type BuildingBlueprint = {
  floors: number;
  sections: number;
  /** Layouts of a typical floor, in plan order: top row left to right, then bottom-left, then bottom-right. */
  mix: FlatLayoutCode[];
  completion: string | null;
  /** The quarter first announced, when the deadline has since moved to `completion`. */
  originalCompletion?: string;
  /** Commercial premises per section on floor 1 (flats then start on floor 2); 0 = flats from floor 1. */
  commercial: number;
  underground: UndergroundLevel[];
  /** Footprint on the master plan (1600×1000). */
  outline: [number, number][];
};

export type ProjectBlueprint = {
  slug: string;
  status: ProjectStatus;
  shared: boolean;
  name: Localized;
  tagline: Localized;
  completionLabel: Localized;
  completion: string | null;
  description: Localized;
  district: Localized;
  address: Localized;
  lat: number;
  lng: number;
  /** Roubles per m² of a mid-floor two-room flat; the rest of the price list is derived from it. */
  pricePerM2: number;
  parkingPrice: number;
  commercialPerM2: number;
  /** Shares of lots already sold and booked. */
  sold: number;
  booked: number;
  finishes: Finish[];
  ceiling: number;
  /** What its buildings are built of (the portals' house type). */
  material: BuildingMaterial;
  /** What the top-row and bottom-row windows look at. */
  views: [View, View];
  /** Master plan dressing: a river along the bottom, a park, a school plot. */
  scenery: { river: boolean; park: [number, number, number, number]; school: [number, number, number, number] | null };
  palette: { facade: string; accent: string };
  buildings: BuildingBlueprint[];
  content: Omit<ProjectContent, 'gallery' | 'renderVsPhoto'> & { gallery: (keyof typeof DEMO_MEDIA)[]; renderVsPhoto: boolean };
};

export const site = (id: number) => {
  const found = siteProjects.find((p) => p.id === id);
  if (!found) throw new Error(`content/projects.ts has no project ${id}`);
  return found;
};

export const purchase = (escrow: boolean) => [
  {
    method: 'mortgage',
    title: t('Ипотека от банков-партнёров', 'Mortgage from partner banks', '合作银行房贷'),
    text: t(
      'Одобрение за один день, подписание сделки в нашем офисе. Действующие программы, ставки и ваш платёж — на странице «Ипотека» и в калькуляторе на сайте.',
      'Approval in one day and signing at our office. The programmes in force, their rates and your payment are on the Mortgage page and in the calculator on our website.',
      '一天内获批，在我们办公室签约。现行方案、利率和您的月供请见网站“房贷”页面及计算器。',
    ),
  },
  {
    method: 'installment',
    title: t('Рассрочка от застройщика', 'Instalment plans from the developer', '开发商分期付款'),
    text: t(
      'Первый взнос, срок и условия зависят от плана; действующие планы и график платежей — на странице «Рассрочка».',
      'The down payment, term and markup depend on the plan; the plans in force and their payment schedules are on the Instalment plan page.',
      '首付、期限和条件因方案而异；现行方案及还款计划请见“分期付款”页面。',
    ),
  },
  {
    method: 'full_payment',
    title: t('Полная оплата', 'Full payment', '全款购房'),
    text: escrow
      ? t(
          'Скидка до 5% при полной оплате; деньги хранятся на счёте эскроу до сдачи дома.',
          'Up to 5% off for full payment; the money stays in escrow until completion.',
          '全款最高优惠5%；款项在交付前存放于托管账户。',
        )
      : t('Скидка до 3% при полной оплате готовой квартиры.', 'Up to 3% off for full payment on a completed flat.', '现房全款最高优惠3%。'),
  },
  {
    method: 'trade_in',
    title: t('Трейд-ин', 'Trade-in', '以旧换新'),
    text: t(
      'Зачтём вашу квартиру в счёт новой: оценка за два дня, фиксированная цена новой квартиры на 30 дней.',
      'Your current flat counts towards the new one: valued in two days, the new flat’s price held for 30 days.',
      '您的旧房可抵扣新房款：两天内完成评估，新房价格锁定30天。',
    ),
  },
];

export const infra = (items: [string, Localized, Localized][]) => items.map(([kind, name, distance]) => ({ kind, name, distance }));
export const m = (n: number) => t(`${n} м`, `${n} m`, `${n}米`);
export const min = (n: number) => t(`${n} мин пешком`, `${n} min walk`, `步行${n}分钟`);

export const rect = (x: number, y: number, w: number, h: number): [number, number][] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];
export const ell = (x: number, y: number, w: number, h: number, leg: number, legH: number): [number, number][] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x + leg, y + h],
  [x + leg, y + h + legH],
  [x, y + h + legH],
];
