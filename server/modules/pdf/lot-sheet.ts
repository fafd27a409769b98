import { formatAuctionTime } from '#core/auctions/auction.ts';
import { showsListPrice, type LotDetail } from '#core/catalogue/types.ts';
import { lotFigureRows } from '#core/catalogue/lot-figures.ts';
import { convertedPrice } from '#core/currency/format.ts';
import { sunDuration } from '#core/insolation/format.ts';
import { SUN_SEASONS, WINDOW_SIDES } from '#core/insolation/types.ts';
import { asOfNote, type PdfContext } from './context.ts';
import { COLOR, MM, createDoc, drawPicture, footers, heightOf, text, toBuffer, widthOf, type Doc } from './kit.ts';

const M = 15 * MM;

/** The lot's figures: the lot page's own rows (`lotFigureRows`), the price per m² being in the price block. */
export function lotFigures(ctx: PdfContext, lot: LotDetail): [string, string][] {
  return lotFigureRows(lot, ctx.t, ctx.f, { pricePerM2: false });
}

/**
 * The lot's sun-and-view passport in words (issue #41), as the lot page says it: the minutes of direct sun on each of
 * the three days, the norm's verdict, and what each window side looks at — read from the same stored figures
 * (`LotDetail.sun`, `windowViews`: lot_insolation through the snapshot). Null for a lot without either.
 */
export function sunSheetLines(ctx: PdfContext, lot: Pick<LotDetail, 'sun' | 'windowViews'>): { days: string; norm: string; views: string } | null {
  const { t } = ctx;
  const sides = WINDOW_SIDES.filter((side) => lot.windowViews[side]?.length);
  if (!lot.sun && !sides.length) return null;
  const sun = lot.sun;
  return {
    days: sun ? SUN_SEASONS.map((season) => `${t(`insolation.seasons.${season}`)}: ${sunDuration(sun[season], t)}`).join(' · ') : '',
    norm: sun ? t(sun.normMet ? 'insolation.norm.met' : 'insolation.norm.notMet') : '',
    views: sides
      .map(
        (side) =>
          `${t('insolation.views.side', { side: t(`insolation.sides.${side}`) })}: ${lot.windowViews[side]!.map((tag) => t(`insolation.views.tags.${tag}`)).join(', ')}`,
      )
      .join(' · '),
  };
}

function priceBlock(doc: Doc, ctx: PdfContext, lot: LotDetail, x: number, y: number, width: number): number {
  const { t, f } = ctx;
  const pad = 6 * MM;
  const inner = width - 2 * pad;
  // No list price once sold or while in an auction (DESIGN "A lot has one commercial state"): the auction instead.
  const sold = !showsListPrice(lot);
  const auction = lot.auction;
  const lines: { value: string; size: number; weight?: 'bold'; color: string; strike?: boolean }[] = auction
    ? [
        { value: t(auction.bestAmount !== null ? 'auctions.bestBid' : 'auctions.startPrice').toUpperCase(), size: 8, weight: 'bold', color: '#abd3c9' },
        { value: f.money(auction.bestAmount ?? auction.startPrice), size: 22, weight: 'bold', color: COLOR.white },
        ...(auction.bestAmount !== null ? [{ value: `${t('auctions.startPrice')}: ${f.money(auction.startPrice)}`, size: 10, color: '#d5e9e4' }] : []),
        {
          value: `${t(auction.phase === 'announced' ? 'auctions.startsAt' : 'auctions.endsAt')}: ${formatAuctionTime(auction.phase === 'announced' ? auction.startsAt : auction.endsAt, ctx.locale)} ${t('auctions.zone')}`,
          size: 10,
          color: '#d5e9e4',
        },
      ]
    : [
        { value: t(lot.offer === 'rent' ? 'catalogue.lot.rent' : 'catalogue.lot.price').toUpperCase(), size: 8, weight: 'bold', color: '#abd3c9' },
        { value: sold ? f.lotStatus(lot) : f.price(lot), size: 22, weight: 'bold', color: COLOR.white },
      ];
  // Beside the roubles, never instead (ADR 037): the price at the Bank of Russia's rate, when the buyer asked for a currency.
  if (!sold && !auction && ctx.rate)
    lines.push({ value: convertedPrice(ctx.locale, t, lot.price, ctx.rate, lot.offer === 'rent'), size: 11, weight: 'bold', color: COLOR.white });
  if (!sold && lot.oldPrice) lines.push({ value: f.money(lot.oldPrice), size: 11, color: '#abd3c9', strike: true });
  if (!sold) lines.push({ value: f.lotPerM2(lot), size: 10, color: '#d5e9e4' });
  // The card's 30-day drop in words (ADR 019): «Цена снижена на 3 % за 30 дней».
  if (!sold && lot.priceDrop30d) lines.push({ value: f.dropLabel(lot.priceDrop30d), size: 10, color: '#d5e9e4' });
  // The lot's "from N ₽ a month" and the programme giving it: the card's own figure (LotCard.payment), where one applies.
  const payment = sold ? null : f.payment(lot);
  const height = lines.reduce((sum, line) => sum + heightOf(doc, line.value, { size: line.size, width: inner }) + 3, 0) + 2 * pad + (payment ? 30 * MM : 0);
  doc.roundedRect(x, y, width, height, 3 * MM).fill(COLOR.brand);
  let ly = y + pad;
  for (const line of lines) {
    const bottom = text(doc, line.value, x + pad, ly, { size: line.size, weight: line.weight ?? 'regular', color: line.color, width: inner });
    if (line.strike) {
      const w = widthOf(doc, line.value, { size: line.size });
      doc
        .moveTo(x + pad, ly + line.size * 0.62)
        .lineTo(x + pad + w, ly + line.size * 0.62)
        .lineWidth(0.8)
        .stroke('#abd3c9');
    }
    ly = bottom + 3;
  }
  if (payment && lot.payment) {
    doc.rect(x + pad, ly + 2 * MM, inner, 0.5).fill('#79b5a7');
    ly = text(doc, t('catalogue.payment.label').toUpperCase(), x + pad, ly + 5 * MM, { size: 8, weight: 'bold', color: '#abd3c9' }) + 2;
    ly = text(doc, payment.amount, x + pad, ly, { size: 13, weight: 'bold', color: COLOR.white, width: inner });
    // The programme, then the terms it is quoted at, the down payment said once: «Банк «Столица», 4,1 %; первый взнос 30 %, 30 лет».
    text(doc, `${payment.lender}; ${f.paymentTerms(lot.payment.downPaymentPercent, lot.payment.termMonths)}`, x + pad, ly + 2, {
      size: 7.5,
      color: '#d5e9e4',
      width: inner,
      lineGap: 1.5,
    });
  }
  return y + height;
}

/** One A4 page a buyer takes away: plan, price and mortgage, every figure, the lot's place on its floor, contacts. */
export async function lotSheet(ctx: PdfContext, lot: LotDetail): Promise<Buffer> {
  const { t, f } = ctx;
  const title = f.lotTitle(lot);
  const doc = createDoc({
    locale: ctx.locale,
    title: t('catalogue.pdf.sheetTitle', { title }),
    subject: `${lot.projectName}, ${lot.buildingName}`,
    author: ctx.settings.companyName,
    layout: 'portrait',
  });
  const W = doc.page.width;
  const H = doc.page.height;

  // Header: who, and how to reach them.
  doc.rect(0, 0, W, 20 * MM).fill(COLOR.brand);
  text(doc, ctx.settings.companyName, M, 7.5 * MM, { size: 12, weight: 'bold', color: COLOR.white });
  const phone = ctx.settings.phones[0]?.number ?? '';
  text(doc, phone, W - M - widthOf(doc, phone, { size: 11, weight: 'bold' }) - 1, 7.8 * MM, { size: 11, weight: 'bold', color: COLOR.white });

  let y = 28 * MM;
  y = text(doc, title, M, y, { size: 22, weight: 'bold', width: W - 2 * M });
  const where = [lot.projectName, lot.buildingName, t('catalogue.common.section', { number: lot.sectionNumber }), f.floor(lot.floor), f.area(lot.area)].join(
    ' · ',
  );
  y = text(doc, where, M, y + 2, { size: 10.5, color: COLOR.muted, width: W - 2 * M });
  if (lot.status !== 'free') {
    // A lot reserved online says until when: «Забронирован до 12 декабря».
    const label = f.lotStatus({ ...lot, offer: 'sale' });
    const chipWidth = widthOf(doc, label, { size: 8.5, weight: 'bold' }) + 6 * MM;
    doc.roundedRect(M, y + 3 * MM, chipWidth, 6 * MM, 3 * MM).fill(lot.status === 'sold' ? COLOR.muted : COLOR.accent);
    text(doc, label, M + 3 * MM, y + 4.6 * MM, { size: 8.5, weight: 'bold', color: COLOR.white });
    y += 9 * MM;
  }
  y += 7 * MM;

  // The plan on the left, the price on the right.
  const planWidth = (W - 2 * M) * 0.58;
  const sideX = M + planWidth + 8 * MM;
  const sideWidth = W - M - sideX;
  const planHeight = 98 * MM;
  doc
    .roundedRect(M, y, planWidth, planHeight, 3 * MM)
    .lineWidth(0.6)
    .stroke(COLOR.line);
  await drawPicture(doc, ctx.pictures, lot.plan.src, { x: M + 4 * MM, y: y + 4 * MM, width: planWidth - 8 * MM, height: planHeight - 8 * MM }, 'contain');
  const priceBottom = priceBlock(doc, ctx, lot, sideX, y, sideWidth);

  // Figures under the price, two columns of label and value.
  let fy = priceBottom + 5 * MM;
  // Every row, as on the page: none is dropped for want of room (the floor plan below takes what is left).
  for (const [label, value] of lotFigures(ctx, lot)) {
    text(doc, label, sideX, fy, { size: 8, color: COLOR.muted, width: sideWidth * 0.5 });
    const bottom = text(doc, value, sideX + sideWidth * 0.5, fy, { size: 8.5, weight: 'bold', width: sideWidth * 0.5, align: 'right' });
    doc.rect(sideX, bottom + 1.2, sideWidth, 0.4).fill(COLOR.line);
    fy = bottom + 3.6;
  }
  // Its sun and views (issue #41): a band of words under the plan, in the room the figures' column leaves beside it.
  let leftY = y + planHeight;
  const sun = sunSheetLines(ctx, lot);
  if (sun) {
    leftY += 6 * MM;
    leftY = text(doc, t('insolation.title'), M, leftY, { size: 12, weight: 'bold', width: planWidth }) + 2;
    if (sun.days) leftY = text(doc, sun.days, M, leftY, { size: 9, weight: 'bold', width: planWidth }) + 2;
    if (sun.norm) leftY = text(doc, sun.norm, M, leftY, { size: 8.5, color: COLOR.ink, width: planWidth }) + 2;
    if (sun.views) leftY = text(doc, sun.views, M, leftY, { size: 8.5, color: COLOR.muted, width: planWidth });
  }
  y = Math.max(leftY, fy) + 6 * MM;

  // Where the lot is on its floor: the floor plan with the lot filled.
  const floorTitle = t('catalogue.lot.position');
  y = text(doc, floorTitle, M, y, { size: 13, weight: 'bold' }) + 4;
  // What is left above the note at the foot of the page (a long figures' column leaves less): the sheet stays one page.
  const floorHeight = Math.max(26 * MM, H - y - 46 * MM);
  const floorWidth = (W - 2 * M) * (lot.features.length ? 0.62 : 1);
  const box = await drawPicture(doc, ctx.pictures, lot.floorPlan.image.src, { x: M, y, width: floorWidth, height: floorHeight }, 'contain');
  const scale = box.width / lot.floorPlan.image.width;
  doc.save();
  doc.translate(box.x, box.y).scale(scale);
  doc
    .path(lot.floorPlan.shape)
    .lineWidth(2.5 / scale)
    .fillOpacity(0.45)
    .fillAndStroke(COLOR.accent, COLOR.accent);
  doc.restore();
  doc.fillOpacity(1);
  if (lot.features.length) {
    const x = M + floorWidth + 8 * MM;
    const width = W - M - x;
    const ly = text(doc, t('catalogue.lot.features'), x, y, { size: 10.5, weight: 'bold', width }) + 3;
    // One running line of words, not a line each: it fits beside the floor plan however long the figures ran.
    text(doc, lot.features.join(' · '), x, ly, { size: 9, color: COLOR.ink, width, lineGap: 1.5 });
  }

  // Where the live page is, and what the sheet is (and is not).
  const url = ctx.pageUrl(lot.url);
  const noteY = H - 36 * MM;
  doc.rect(M, noteY - 3 * MM, W - 2 * M, 0.5).fill(COLOR.line);
  const linkBottom = text(doc, `${t('catalogue.pdf.onSite')}: ${url.replace(/^https?:\/\//, '')}`, M, noteY, {
    size: 9,
    weight: 'bold',
    color: COLOR.brand,
    link: url,
    width: W - 2 * M,
  });
  text(doc, asOfNote(ctx), M, linkBottom + 3, { size: 7.5, color: COLOR.muted, width: W - 2 * M, lineGap: 1.5 });
  footers(
    doc,
    `${ctx.settings.companyName} · ${[ctx.settings.email, ctx.settings.address].filter(Boolean).join(' · ')}`,
    (page, pages) => t('catalogue.pdf.page', { page, pages }),
    () => false,
  );
  return toBuffer(doc);
}
