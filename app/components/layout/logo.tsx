import { Link } from 'react-router';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';

/** The developer's mark: three rising bars, a skyline read as a "line". */
export function LogoMark({ className = 'size-9 shrink-0' }: { className?: string }) {
  return (
    <svg viewBox="0 0 36 36" aria-hidden="true" className={className}>
      <rect width="36" height="36" rx="10" className="fill-brand-700" />
      <rect x="8" y="17" width="5" height="11" rx="1" className="fill-brand-200" />
      <rect x="15.5" y="11" width="5" height="17" rx="1" className="fill-white" />
      <rect x="23" y="7" width="5" height="21" rx="1" className="fill-accent" />
    </svg>
  );
}

/**
 * The mark and the company name. In the header (`compact`) the name may wrap on a narrow phone and gives way to
 * the menu on a laptop (xl up to 2xl), where the mark alone links home (the link is labelled either way).
 */
export function Logo({ company, inverse = false, compact = false }: { company: string; inverse?: boolean; compact?: boolean }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <Link to={lp('/')} className={`flex items-center gap-2.5 rounded-lg ${compact ? 'min-w-0' : 'shrink-0'}`} aria-label={t('header.logoLabel', { company })}>
      <LogoMark />
      <span className={`logo-name ${inverse ? 'text-white' : 'text-brand-900'}${compact ? ' xl:max-2xl:hidden' : ''}`}>{company}</span>
    </Link>
  );
}
