import { eq } from 'drizzle-orm';
import { menuItems } from '../../../../db/schema/index.ts';
import { plain, type Binding } from '../binding.ts';

/** Menu links (`menu_items`) of the four menus; a parent (a foreign key) makes one a submenu's link. */
export const menus: Binding = {
  table: menuItems,
  key: menuItems.id,
  scope: null,
  references: 'parentId',
  ...plain(['menu', 'parentId', 'title', 'url', 'position']),
  // A submenu's parent is a link of the same menu, never the link itself nor one of its own sublinks (either would
  // hide it from the site: the menus are read as a tree from their top links).
  refuse: async (tx, id, values) => {
    if (!values) return null;
    let parentId = (values.parentId as number | null | undefined) ?? null;
    for (let depth = 0; parentId !== null && depth < 64; depth++) {
      if (parentId === id) return { field: 'parentId', message: 'menuParent' };
      const [parent] = await tx.select({ menu: menuItems.menu, parentId: menuItems.parentId }).from(menuItems).where(eq(menuItems.id, parentId));
      // A parent that does not exist is the foreign key's refusal (`references`).
      if (!parent) return null;
      if (parent.menu !== values.menu) return { field: 'parentId', message: 'menuParent' };
      parentId = parent.parentId;
    }
    return null;
  },
};
