import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from '#app/components/layout/breadcrumbs.tsx';

/** Breadcrumbs, the page's one h1 and its lead: the top of every catalogue screen. */
export function PageHeader({
  crumbs,
  title,
  lead,
  aside,
  className = '',
}: {
  crumbs: Crumb[];
  title: ReactNode;
  lead?: ReactNode;
  aside?: ReactNode;
  className?: string;
}) {
  return (
    <header className={`container-page pt-6 sm:pt-10 ${className}`}>
      <Breadcrumbs items={crumbs} />
      <div className="mt-5 flex flex-col gap-4 sm:mt-6 lg:flex-row lg:items-end lg:justify-between">
        <div className="max-w-4xl">
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
          {lead ? <div className="mt-3 text-lg text-pretty text-muted">{lead}</div> : null}
        </div>
        {aside ? <div className="flex shrink-0 flex-wrap items-center gap-3">{aside}</div> : null}
      </div>
    </header>
  );
}

/** A titled block of a long page, reachable by its anchor from the in-page navigation. */
export function Section({
  id,
  title,
  children,
  className = '',
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
  action?: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`page-section ${className}`.trimEnd()}>
      <div className="section-head">
        <h2 id={`${id}-title`} className="page-section-title">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-6 sm:mt-8">{children}</div>
    </section>
  );
}
