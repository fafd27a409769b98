import type { ComponentProps } from 'react';
import { SunPassport } from './sun-passport.tsx';

/**
 * The lot page's sections that do nothing in the browser (app/lib/static-part.tsx, ADR 043): the server renders them,
 * a browser keeps their HTML, and this code loads only when the browser renders the page itself (a move to it).
 */
function Sun({ data }: { data: ComponentProps<typeof SunPassport> }) {
  return <SunPassport lot={data.lot} chart={data.chart} />;
}

/** The sections by the names the loader gives their data (`staticParts`). */
export const sections = { sun: Sun };
