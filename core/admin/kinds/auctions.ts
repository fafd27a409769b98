import { z } from 'zod';
import { AUCTION_RESULTS } from '#core/auctions/auction.ts';
import { auctionInput } from '#core/auctions/schemas.ts';
import { idNumber } from '#core/schemas/id.ts';
import { defineKind, judgedByImport, kindWords, SERIAL } from '../kind.ts';

/** An auction's fields and their names in the auctions import's rows, whose schema (`auctionInput`) holds the auctions' rules. */
export const AUCTION_WIRE_NAMES = {
  lotId: 'lot',
  startPrice: 'start_price',
  minStep: 'min_step',
  startsAt: 'starts_at',
  plannedEndsAt: 'ends_at',
  extendMinutes: 'extend_minutes',
  result: 'result',
} as const;

const roubles = z.number().int().positive().max(1e12);

/**
 * A lot sold by auction (ADR 020): its terms, and the result the sales team gives it after the end. Once bids are made
 * on it, its lot, start price, step and start are fixed (server/modules/auctions/rules.ts).
 */
export const auctions = defineKind({
  name: 'auctions',
  schema: z
    .object({
      lotId: idNumber(),
      startPrice: roubles,
      minStep: roubles,
      startsAt: z.iso.datetime({ offset: true }),
      /** The end as announced (an extension its bids make is the auction's own). */
      plannedEndsAt: z.iso.datetime({ offset: true }),
      extendMinutes: z.number().int().min(0).max(1440),
      result: z.enum(AUCTION_RESULTS).nullable(),
    })
    // The import's own schema judges the whole auction (its end after its start…), as it judges the import's rows.
    .check((payload) => judgedByImport(auctionInput, AUCTION_WIRE_NAMES, payload)),
  titleField: 'lotId',
  listFields: ['startsAt', 'plannedEndsAt', 'result'],
  preview: false,
  publishing: false,
  key: SERIAL,
  creatable: true,
  words: kindWords(
    {
      kind: 'Аукционы',
      fields: {
        lotId: 'Лот (номер в каталоге)',
        startPrice: 'Начальная цена, ₽',
        minStep: 'Шаг ставки, ₽',
        startsAt: 'Начало',
        plannedEndsAt: 'Окончание (объявленное)',
        extendMinutes: 'Продление: ставка в последние N минут переносит окончание на N минут',
        result: 'Итог (после окончания)',
      },
      options: { 'result.sold': 'Продан', 'result.not_sold': 'Не продан', 'result.cancelled': 'Отменён' },
      errors: {
        unknownLot: 'В каталоге нет лота с таким номером.',
        auctionBidsFixed: 'На аукционе уже есть ставки: его лот, начальную цену, шаг и начало менять нельзя.',
        auctionHasBids: 'На аукционе есть ставки: удалить его нельзя. Чтобы остановить его, укажите итог «Отменён».',
        auctionOverlap: 'На этот лот в это время уже идёт или назначен другой аукцион.',
      },
      shared: { 'The end must come after the start.': 'Окончание должно быть позже начала.' },
    },
    {
      kind: 'Auctions',
      fields: {
        lotId: 'Lot (catalogue number)',
        startPrice: 'Start price, ₽',
        minStep: 'Bid step, ₽',
        startsAt: 'Start',
        plannedEndsAt: 'End (as announced)',
        extendMinutes: 'Extension: a bid in the last N minutes moves the end N minutes on',
        result: 'Result (after the end)',
      },
      options: { 'result.sold': 'Sold', 'result.not_sold': 'Not sold', 'result.cancelled': 'Cancelled' },
      errors: {
        unknownLot: 'The catalogue has no lot with this number.',
        auctionBidsFixed: 'The auction has bids: its lot, start price, step and start can no longer change.',
        auctionHasBids: 'The auction has bids: it cannot be deleted. To stop it, set its result to "Cancelled".',
        auctionOverlap: 'This lot already has another auction at that time.',
      },
      shared: { 'The end must come after the start.': 'The end must come after the start.' },
    },
  ),
});
