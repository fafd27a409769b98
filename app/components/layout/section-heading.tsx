import { ButtonLink } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useLocalePath } from '#app/lib/i18n.tsx';

/** A block's h2 with a link to the whole list ("All promotions →"), side by side, wrapping on phones. */
export function SectionHeading({ id, title, link }: { id: string; title: string; link: { to: string; label: string } }) {
  const lp = useLocalePath();
  return (
    <div className="section-head">
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <ButtonLink to={lp(link.to)} variant="secondary" size="md">
        {link.label}
        <Icon name="arrow-right" />
      </ButtonLink>
    </div>
  );
}
