import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useLocalePath } from '#app/lib/i18n.tsx';
import type { HeaderMenu } from '#server/modules/content/menus.ts';

/**
 * A menu link: site paths go through the router in the current locale and mark the exact active page
 * (`aria-current="page"`, spec §2 "exact active link is marked"); other URLs are plain external links.
 */
export function MenuLink({ url, className, children }: { url: string; className: string; children: ReactNode }) {
  const lp = useLocalePath();
  if (!url.startsWith('/')) {
    return (
      <a href={url} className={className} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <NavLink to={lp(url)} end className={className}>
      {children}
    </NavLink>
  );
}

/** One entry of an editable menu (header, footer, purchasing methods), as the menus service gives it. */
export type MenuItem = { id: number | string; url: string; title: string };

/**
 * A list of menu links: the header's submenus, the mobile menu, the purchasing methods and the footer's
 * groups all render their entries here; each place gives its own look.
 */
export function MenuList({
  items,
  label,
  className,
  linkClassName,
}: {
  items: readonly MenuItem[];
  label?: string;
  className?: string;
  linkClassName: string;
}) {
  return (
    <ul aria-label={label} className={className}>
      {items.map((item) => (
        <li key={item.id}>
          <MenuLink url={item.url} className={linkClassName}>
            {item.title}
          </MenuLink>
        </li>
      ))}
    </ul>
  );
}

type PurchaseLink = MenuItem;

/**
 * The ways to buy, each page once: a mortgage programme listed both as a purchasing method and with its rate
 * ("Ипотека" and "Ипотека от 5,9 %") is one link, named with the rate, in the purchasing methods' order.
 */
export function purchaseLinks(menu: HeaderMenu | null): PurchaseLink[] {
  if (!menu) return [];
  const withRate = new Map(menu.mortgage.elems.map((item) => [item.url, item]));
  const seen = new Set<string>();
  const links: PurchaseLink[] = [];
  for (const item of [...menu.purchasing_methods.purchasing_methods, ...menu.mortgage.elems]) {
    if (seen.has(item.url)) continue;
    seen.add(item.url);
    const { id, url, name } = withRate.get(item.url) ?? item;
    links.push({ id, url, title: name });
  }
  return links;
}
