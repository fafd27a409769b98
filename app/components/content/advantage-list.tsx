import { Icon } from '#app/components/ui/icon.tsx';
import type { IconName } from '#app/components/ui/icon-paths.ts';

/**
 * Advantages as cards with an icon each (the developer's on the home page, a project's under «О проекте»):
 * one look wherever they are listed. The icons are decoration, taken in turn from `icons`.
 */
export function AdvantageList({
  items,
  icons,
  headingLevel,
  className,
}: {
  items: readonly { title: string; description: string }[];
  icons: readonly IconName[];
  /** The level under the section's own heading. */
  headingLevel: 3 | 4;
  /** The grid: columns and spacing for the place it stands in. */
  className: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className={className}>
      {items.map((item, index) => (
        <li key={item.title} className="panel">
          <span className="icon-tile">
            <Icon name={icons[index % icons.length]!} className="size-6" />
          </span>
          <Heading className="panel-title">{item.title}</Heading>
          <p className="mt-2 text-muted">{item.description}</p>
        </li>
      ))}
    </ul>
  );
}
