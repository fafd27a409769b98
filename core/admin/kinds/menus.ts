import { z } from 'zod';
import { MENU_NAMES } from '#core/content/menus.ts';
import { siteLink } from '../common-fields.ts';
import { localizedText, reference } from '../fields.ts';
import { defineKind, kindWords, SERIAL } from '../kind.ts';

/**
 * One link of the header, footer, purchasing-methods or mortgage menu; a parent makes it a submenu's link.
 * `min_mortgage_rate` in a title is replaced by the lowest rate in force (spec §3).
 */
export const menus = defineKind({
  name: 'menus',
  schema: z.object({
    menu: z.enum(MENU_NAMES),
    parentId: reference('menus'),
    title: localizedText({ max: 200 }),
    url: siteLink,
    position: z.number().int().min(0).max(1000),
  }),
  titleField: 'title',
  listFields: ['menu', 'parentId', 'position'],
  preview: false,
  publishing: false,
  key: SERIAL,
  creatable: true,
  words: kindWords(
    {
      kind: 'Меню',
      fields: { menu: 'Меню', parentId: 'Родительский пункт (для подменю)' },
      options: { 'menu.header': 'Шапка сайта', 'menu.footer': 'Подвал сайта', 'menu.purchasing_methods': 'Способы покупки', 'menu.mortgage': 'Ипотека' },
      errors: { menuParent: 'Выберите ссылку того же меню, но не эту и не вложенную в неё.' },
    },
    {
      kind: 'Menus',
      fields: { menu: 'Menu', parentId: 'Parent link (for a submenu)' },
      options: { 'menu.header': 'Site header', 'menu.footer': 'Site footer', 'menu.purchasing_methods': 'Ways to buy', 'menu.mortgage': 'Mortgage' },
      errors: { menuParent: 'Choose a link of the same menu, other than this one and its own sublinks.' },
    },
  ),
});
