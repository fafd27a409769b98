import { Link } from 'react-router';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';

/** The developer's mark: three rising bars, a skyline read as a "line". */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 36 36" aria-hidden="true" focusable="false" className={className}>
      <rect width="36" height="36" rx="10" className="fill-brand-700" />
      <rect x="8" y="17" width="5" height="11" rx="1" className="fill-brand-200" />
      <rect x="15.5" y="11" width="5" height="17" rx="1" className="fill-white" />
      <rect x="23" y="7" width="5" height="21" rx="1" className="fill-accent" />
    </svg>
  );
}

export function Logo({ company, inverse = false }: { company: string; inverse?: boolean }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <Link to={lp('/')} className="flex shrink-0 items-center gap-2.5 rounded-lg" aria-label={t('header.logoLabel', { company })}>
      <LogoMark />
      <span
        className={`max-w-[10.5rem] text-[0.95rem] leading-tight font-extrabold tracking-tight sm:max-w-none sm:text-[1.05rem] ${inverse ? 'text-white' : 'text-brand-900'}`}
      >
        {company}
      </span>
    </Link>
  );
}
