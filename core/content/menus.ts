/** The site's menus (`menu_items.menu`): header, footer, purchasing methods and mortgage; children form submenus. */
export const MENU_NAMES = ['header', 'footer', 'purchasing_methods', 'mortgage'] as const;
export type MenuName = (typeof MENU_NAMES)[number];
