import { formatPhone } from '#core/phone.ts';
import type { BuildingDetail, LotType, ProjectDetail } from '#core/catalogue/types.ts';
import { asOfNote, type PdfContext } from './context.ts';
import { COLOR, MM, createDoc, drawPicture, footers, heightOf, text, toBuffer, widthOf, type Doc } from './kit.ts';

const M = 15 * MM;

type SummaryRow = { type: LotType; rooms: number | null; count: number; minPrice: number | null; minArea: number | null };

/** The project's lots on sale by kind (type and rooms), merged over its buildings. */
export function lotsSummary(buildings: BuildingDetail[]): SummaryRow[] {
  const rows = new Map<string, SummaryRow>();
  for (const row of buildings.flatMap((b) => b.lotsSummary)) {
    if (row.count === 0) continue;
    const key = `${row.type}:${row.rooms ?? ''}`;
    const seen = rows.get(key);
    const min = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
    if (seen) rows.set(key, { ...seen, count: seen.count + row.count, minPrice: min(seen.minPrice, row.minPrice), minArea: min(seen.minArea, row.minArea) });
    else rows.set(key, { ...row });
  }
  const order: LotType[] = ['flat', 'commercial', 'parking', 'pantry'];
  return [...rows.values()].sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type) || (a.rooms ?? 0) - (b.rooms ?? 0));
}

/** A section page: white, with the project's name as a running head and the section's title. */
function sectionPage(doc: Doc, ctx: PdfContext, project: ProjectDetail, title: string): number {
  doc.addPage();
  text(doc, `${ctx.settings.companyName} · ${project.name}`.toUpperCase(), M, M, { size: 8, weight: 'bold', color: COLOR.brandMid, characterSpacing: 0.8 });
  const y = text(doc, title, M, M + 14, { size: 24, weight: 'bold', color: COLOR.ink, width: doc.page.width - 2 * M });
  return y + 14;
}

/** Midpoint of an SVG path's points: where a building's number goes on the master plan. */
function centreOf(path: string): { x: number; y: number } | null {
  const numbers = (path.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  if (numbers.length < 2) return null;
  let x = 0;
  let y = 0;
  const n = Math.floor(numbers.length / 2);
  for (let i = 0; i < n; i++) {
    x += numbers[2 * i]!;
    y += numbers[2 * i + 1]!;
  }
  return { x: x / n, y: y / n };
}

async function cover(doc: Doc, ctx: PdfContext, project: ProjectDetail): Promise<void> {
  const { width: W, height: H } = doc.page;
  await drawPicture(doc, ctx.pictures, project.image.src, { x: 0, y: 0, width: W, height: H }, 'cover');
  // A dark band under the texts: legible on any render.
  const gradient = doc.linearGradient(0, H * 0.35, 0, H);
  gradient.stop(0, COLOR.brandDark, 0).stop(0.45, COLOR.brandDark, 0.7).stop(1, COLOR.brandDark, 0.92);
  doc.rect(0, H * 0.35, W, H * 0.65).fill(gradient);
  doc
    .rect(0, 0, W, 26 * MM)
    .fillOpacity(0.55)
    .fill(COLOR.brandDark)
    .fillOpacity(1);
  text(doc, ctx.settings.companyName, M, 10 * MM, { size: 13, weight: 'bold', color: COLOR.white });
  const phone = ctx.settings.phones[0]?.number ?? '';
  text(doc, phone, W - M - widthOf(doc, phone, { size: 11, weight: 'bold' }) - 1, 10.5 * MM, { size: 11, weight: 'bold', color: COLOR.white });

  const status = ctx.t(`catalogue.projectStatus.${project.status}`);
  const chip = { size: 9, weight: 'bold' as const };
  const chipWidth = widthOf(doc, status, chip) + 8 * MM;
  let y = H - 88 * MM;
  doc.roundedRect(M, y, chipWidth, 7 * MM, 3.5 * MM).fill(COLOR.accent);
  text(doc, status, M + 4 * MM, y + 2 * MM, { ...chip, color: COLOR.white });
  y = text(doc, project.name, M, y + 11 * MM, { size: 40, weight: 'bold', color: COLOR.white, width: W - 2 * M });
  y = text(doc, project.tagline, M, y + 2, { size: 15, color: COLOR.white, width: W * 0.7 });
  const facts = [project.district, project.address, project.completionLabel].filter(Boolean).join('  ·  ');
  text(doc, facts, M, y + 8, { size: 10.5, color: '#d5e9e4', width: W * 0.8 });
}

async function about(doc: Doc, ctx: PdfContext, project: ProjectDetail): Promise<void> {
  const W = doc.page.width;
  let y = sectionPage(doc, ctx, project, ctx.t('catalogue.project.about'));
  const left = (W - 2 * M) * 0.56;
  const rightX = M + left + 12 * MM;
  const right = W - M - rightX;
  let ly = text(doc, project.description, M, y, { size: 13, weight: 'bold', color: COLOR.brand, width: left, lineGap: 4 }) + 8;
  for (const paragraph of project.about) ly = text(doc, paragraph, M, ly, { size: 10, color: COLOR.ink, width: left, lineGap: 3.2 }) + 7;

  // Key indicators: two columns of big figures.
  const cell = (right - 6 * MM) / 2;
  project.indicators.slice(0, 8).forEach((indicator, i) => {
    const x = rightX + (i % 2) * (cell + 6 * MM);
    const top = y + Math.floor(i / 2) * 24 * MM;
    doc.rect(x, top, cell, 0.8).fill(COLOR.brandMid);
    text(doc, indicator.value, x, top + 3 * MM, { size: 20, weight: 'bold', color: COLOR.brand, width: cell });
    text(doc, indicator.label, x, top + 12 * MM, { size: 9, color: COLOR.muted, width: cell });
  });
  const rows = Math.ceil(Math.min(project.indicators.length, 8) / 2);
  y += rows * 24 * MM + 4 * MM;
  const picture = project.renderVsPhoto?.render ?? project.gallery[0];
  const bottom = doc.page.height - 22 * MM;
  if (picture && bottom - y > 35 * MM) await drawPicture(doc, ctx.pictures, picture.src, { x: rightX, y, width: right, height: bottom - y }, 'cover');
}

/** The project's benefits (the page's section says the same, from the same table), three to a row. */
async function advantages(doc: Doc, ctx: PdfContext, project: ProjectDetail, benefits: readonly PresentationBenefit[]): Promise<void> {
  if (benefits.length === 0) return;
  const W = doc.page.width;
  const columns = 3;
  const gap = 6 * MM;
  const cell = (W - 2 * M - gap * (columns - 1)) / columns;
  const pad = 5 * MM;
  let y = sectionPage(doc, ctx, project, ctx.t('catalogue.project.advantages'));
  for (let row = 0; row * columns < benefits.length; row++) {
    const items = benefits.slice(row * columns, row * columns + columns);
    const height =
      Math.max(
        ...items.map(
          (a) =>
            heightOf(doc, a.title, { size: 12, weight: 'bold', width: cell - 2 * pad }) +
            heightOf(doc, a.text, { size: 9.5, width: cell - 2 * pad, lineGap: 2.5 }),
        ),
      ) +
      2 * pad +
      14 * MM;
    if (y + height > doc.page.height - 22 * MM) y = sectionPage(doc, ctx, project, ctx.t('catalogue.project.advantages'));
    items.forEach((advantage, i) => {
      const x = M + i * (cell + gap);
      const index = row * columns + i + 1;
      doc.roundedRect(x, y, cell, height, 3 * MM).fill(COLOR.sand);
      text(doc, String(index).padStart(2, '0'), x + pad, y + pad, { size: 18, weight: 'bold', color: COLOR.accent });
      const ty = text(doc, advantage.title, x + pad, y + pad + 11 * MM, { size: 12, weight: 'bold', color: COLOR.ink, width: cell - 2 * pad });
      text(doc, advantage.text, x + pad, ty + 3, { size: 9.5, color: COLOR.muted, width: cell - 2 * pad, lineGap: 2.5 });
    });
    y += height + gap;
  }
  // A wide picture under the cards when they leave room for one.
  const picture = project.renderVsPhoto?.photo ?? project.gallery[1] ?? project.gallery[0];
  const bottom = doc.page.height - 22 * MM;
  if (picture && bottom - y > 55 * MM) await drawPicture(doc, ctx.pictures, picture.src, { x: M, y, width: W - 2 * M, height: bottom - y }, 'cover');
}

async function genplan(doc: Doc, ctx: PdfContext, project: ProjectDetail): Promise<void> {
  const W = doc.page.width;
  const y = sectionPage(doc, ctx, project, ctx.t('catalogue.project.genplan'));
  const width = (W - 2 * M) * 0.68;
  const height = doc.page.height - y - 22 * MM;
  const plan = project.genplan.image;
  const box = await drawPicture(doc, ctx.pictures, plan.src, { x: M, y, width, height }, 'contain');
  // Buildings outlined and numbered on the plan, listed beside it with what is left.
  const scale = box.width / plan.width;
  project.genplan.buildings.forEach((building, i) => {
    doc.save();
    doc.translate(box.x, box.y).scale(scale);
    doc
      .path(building.outline)
      .lineWidth(2 / scale)
      .fillOpacity(0.28)
      .fillAndStroke(building.lotsLeft > 0 ? COLOR.brandMid : COLOR.muted, building.lotsLeft > 0 ? COLOR.brand : COLOR.muted);
    doc.restore();
    doc.fillOpacity(1);
    const centre = centreOf(building.outline);
    if (centre) {
      const cx = box.x + centre.x * scale;
      const cy = box.y + centre.y * scale;
      doc.circle(cx, cy, 4.2 * MM).fill(COLOR.white);
      const label = String(i + 1);
      text(doc, label, cx - widthOf(doc, label, { size: 11, weight: 'bold' }) / 2, cy - 6.5, { size: 11, weight: 'bold', color: COLOR.brand });
    }
  });
  const x = M + width + 8 * MM;
  const listWidth = W - M - x;
  let ly = text(doc, ctx.t('catalogue.pdf.buildings'), x, y, { size: 12, weight: 'bold', width: listWidth }) + 6;
  project.genplan.buildings.forEach((building, i) => {
    doc.circle(x + 3 * MM, ly + 3 * MM, 3 * MM).fill(COLOR.brand);
    const label = String(i + 1);
    text(doc, label, x + 3 * MM - widthOf(doc, label, { size: 8.5, weight: 'bold' }) / 2, ly + 3 * MM - 5, { size: 8.5, weight: 'bold', color: COLOR.white });
    const ny = text(doc, building.name, x + 9 * MM, ly, { size: 10.5, weight: 'bold', width: listWidth - 9 * MM });
    const left = ctx.f.availability(building.lotsLeft, project.status === 'presale');
    ly = text(doc, left, x + 9 * MM, ny + 1, { size: 9, color: COLOR.muted, width: listWidth - 9 * MM }) + 8;
  });
}

async function lots(doc: Doc, ctx: PdfContext, project: ProjectDetail, buildings: BuildingDetail[]): Promise<void> {
  const W = doc.page.width;
  let y = sectionPage(doc, ctx, project, ctx.t('catalogue.project.lots'));
  const rows = lotsSummary(buildings);
  if (rows.length === 0) {
    text(doc, ctx.t('catalogue.project.lotsEmpty'), M, y, { size: 11, color: COLOR.muted, width: W - 2 * M });
    return;
  }
  const widths = [0.4, 0.2, 0.2, 0.2].map((share) => share * (W - 2 * M));
  const cells = (values: string[], top: number, style: { size: number; weight: 'regular' | 'bold'; color: string }) => {
    let x = M;
    values.forEach((value, i) => {
      const align = i === 0 ? 'left' : 'right';
      text(doc, value, x + (i === 0 ? 0 : 0), top, { ...style, width: widths[i]! - 3 * MM, align });
      x += widths[i]!;
    });
  };
  cells([ctx.t('catalogue.pdf.kind'), ctx.t('catalogue.pdf.count'), ctx.t('catalogue.pdf.areaFrom'), ctx.t('catalogue.pdf.priceFrom')], y, {
    size: 9,
    weight: 'bold',
    color: COLOR.muted,
  });
  y += 7 * MM;
  const rowHeight = 9 * MM;
  const maxRows = Math.floor((doc.page.height - y - 60 * MM) / rowHeight);
  rows.slice(0, Math.max(maxRows, 6)).forEach((row, i) => {
    if (i % 2 === 0) doc.rect(M - 2 * MM, y - 2.6 * MM, W - 2 * M + 4 * MM, rowHeight).fill(COLOR.paper);
    const kind = ctx.f.roomsTitle({ type: row.type, rooms: row.rooms, euro: false });
    cells([kind, ctx.f.number(row.count), row.minArea === null ? '—' : ctx.f.area(row.minArea), row.minPrice === null ? '—' : ctx.f.money(row.minPrice)], y, {
      size: 11,
      weight: i === 0 ? 'bold' : 'regular',
      color: COLOR.ink,
    });
    y += rowHeight;
  });
  // Premises let for rent: counted apart from the lots for sale above, as on the project card.
  if (project.lotsForRent > 0) {
    const line = `${ctx.t('catalogue.project.forRent')}: ${ctx.t('catalogue.lotTypePlural.commercial')} ${ctx.f.number(project.lotsForRent)}`;
    y = text(doc, line, M, y + 1 * MM, { size: 10, color: COLOR.muted, width: W - 2 * M }) + 2 * MM;
  }
  // A strip of the gallery under the table.
  const pictures = project.gallery.slice(0, 3);
  const top = y + 6 * MM;
  const height = doc.page.height - top - 22 * MM;
  if (pictures.length > 0 && height > 30 * MM) {
    const gap = 4 * MM;
    const width = (W - 2 * M - gap * (pictures.length - 1)) / pictures.length;
    for (const [i, picture] of pictures.entries()) {
      await drawPicture(doc, ctx.pictures, picture.src, { x: M + i * (width + gap), y: top, width, height }, 'cover');
    }
  }
}

function surroundings(doc: Doc, ctx: PdfContext, project: ProjectDetail): void {
  if (project.infrastructure.length === 0 && project.purchaseInfo.length === 0) return;
  const W = doc.page.width;
  const title =
    project.purchaseInfo.length > 0
      ? `${ctx.t('catalogue.project.infrastructure')} · ${ctx.t('catalogue.project.purchase')}`
      : ctx.t('catalogue.project.infrastructure');
  const y = sectionPage(doc, ctx, project, title);
  const column = (W - 2 * M - 12 * MM) / 2;
  let ly = y;
  for (const item of project.infrastructure) {
    const kind = ctx.t(`catalogue.infraKind.${item.kind}` as Parameters<typeof ctx.t>[0]);
    text(doc, kind.toUpperCase(), M, ly, { size: 7.5, weight: 'bold', color: COLOR.brandMid, characterSpacing: 0.6 });
    const ny = text(doc, item.name, M, ly + 10, { size: 10.5, weight: 'bold', width: column - 30 * MM });
    text(doc, item.distance, M + column - 30 * MM, ly + 10, { size: 10, color: COLOR.muted, width: 30 * MM, align: 'right' });
    doc.rect(M, ny + 4, column, 0.5).fill(COLOR.line);
    ly = ny + 10;
    if (ly > doc.page.height - 30 * MM) break;
  }
  const x = M + column + 12 * MM;
  let ry = y;
  for (const method of project.purchaseInfo) {
    ry = text(doc, method.title, x, ry, { size: 12, weight: 'bold', color: COLOR.brand, width: column }) + 2;
    ry = text(doc, method.text, x, ry, { size: 9.5, color: COLOR.ink, width: column, lineGap: 2.5 }) + 9;
    if (ry > doc.page.height - 30 * MM) break;
  }
}

function contacts(doc: Doc, ctx: PdfContext, project: ProjectDetail): void {
  const W = doc.page.width;
  const H = doc.page.height;
  doc.addPage();
  doc.rect(0, 0, W, H).fill(COLOR.brand);
  let y = text(doc, ctx.t('catalogue.pdf.contacts'), M, 22 * MM, { size: 30, weight: 'bold', color: COLOR.white });
  const phone = ctx.settings.phones[0]?.number;
  if (phone) y = text(doc, phone, M, y + 6, { size: 22, weight: 'bold', color: COLOR.white });
  y = text(doc, [ctx.settings.email, ctx.settings.workingHours].filter(Boolean).join('  ·  '), M, y + 4, { size: 11, color: '#d5e9e4' });
  const url = ctx.pageUrl(project.url);
  y = text(doc, `${ctx.t('catalogue.pdf.onSite')}: ${url.replace(/^https?:\/\//, '')}`, M, y + 8, { size: 11, color: COLOR.white, link: url });

  const offices = project.offices.slice(0, 3);
  const column = (W - 2 * M - 8 * MM * (Math.max(offices.length, 1) - 1)) / Math.max(offices.length, 1);
  const top = y + 16 * MM;
  offices.forEach((office, i) => {
    const x = M + i * (column + 8 * MM);
    doc.rect(x, top, column, 0.8).fill('#79b5a7');
    let oy = text(doc, office.name, x, top + 4 * MM, { size: 12, weight: 'bold', color: COLOR.white, width: column });
    oy = text(doc, office.address, x, oy + 2, { size: 9.5, color: '#d5e9e4', width: column });
    oy = text(doc, office.phones.map(formatPhone).join(', '), x, oy + 2, { size: 10, weight: 'bold', color: COLOR.white, width: column });
    text(doc, office.hours, x, oy + 2, { size: 9, color: '#d5e9e4', width: column });
  });
  const note = asOfNote(ctx);
  text(doc, note, M, H - 36 * MM, { size: 8, color: '#abd3c9', width: W - 2 * M, lineGap: 2 });
}

/** The project's presentation: cover, about and key figures, advantages, master plan, lots on sale, surroundings, contacts. */
export type PresentationBenefit = { title: string; text: string };

export async function projectPresentation(
  ctx: PdfContext,
  project: ProjectDetail,
  buildings: BuildingDetail[],
  benefits: readonly PresentationBenefit[] = [],
): Promise<Buffer> {
  const title = ctx.t('catalogue.pdf.presentationTitle', { name: project.name });
  const doc = createDoc({ locale: ctx.locale, title, subject: project.tagline, author: ctx.settings.companyName, layout: 'landscape' });
  await cover(doc, ctx, project);
  await about(doc, ctx, project);
  await advantages(doc, ctx, project, benefits);
  await genplan(doc, ctx, project);
  await lots(doc, ctx, project, buildings);
  surroundings(doc, ctx, project);
  contacts(doc, ctx, project);
  const pages = doc.bufferedPageRange().count;
  footers(
    doc,
    `${ctx.settings.companyName} · ${ctx.pageUrl(project.url).replace(/^https?:\/\//, '')}`,
    (page) => ctx.t('catalogue.pdf.page', { page, pages }),
    (page) => page === 0 || page === pages - 1,
  );
  return toBuffer(doc);
}
