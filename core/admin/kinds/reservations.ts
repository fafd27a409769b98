import { z } from 'zod';
import { reference } from '../fields.ts';
import { defineKind, kindWords, SERIAL } from '../kind.ts';

/**
 * The terms of an online reservation with a deposit (`reservation_settings`, issue #39, docs/guides/reservations.md):
 * the item without a project (its «Проект» left empty) is the site's, one with a project overrides it for that project; with none at all the
 * server's RESERVATION_* defaults apply. The deposit is edited in whole roubles and kept in kopecks. A buyer's hold
 * copies the terms it was made on: a change applies to the next reservation, never to one made.
 */
export const reservations = defineKind({
  name: 'reservations',
  schema: z.object({
    projectId: reference('projects'),
    enabled: z.boolean(),
    depositRub: z.number().int('errors.deposit').min(1, 'errors.deposit').max(100_000_000, 'errors.deposit'),
    periodDays: z.number().int('errors.periodDays').min(1, 'errors.periodDays').max(365, 'errors.periodDays'),
    refundWindowDays: z.number().int('errors.refundWindowDays').min(0, 'errors.refundWindowDays').max(365, 'errors.refundWindowDays'),
  }),
  titleField: 'projectId',
  listFields: ['enabled', 'depositRub', 'periodDays'],
  preview: false,
  publishing: false,
  key: SERIAL,
  creatable: true,
  words: kindWords(
    {
      kind: 'Онлайн-бронирование: задаток и сроки',
      fields: {
        enabled: 'Бронирование онлайн включено',
        depositRub: 'Задаток, ₽',
        periodDays: 'Срок брони, дней',
        refundWindowDays: 'Отмена с возвратом задатка, дней после оплаты',
      },
      errors: {
        deposit: 'Задаток — целое число рублей от 1 до 100 000 000.',
        periodDays: 'Срок брони — целое число дней от 1 до 365.',
        refundWindowDays: 'Срок отмены с возвратом — целое число дней от 0 до 365.',
      },
    },
    {
      kind: 'Online reservation: deposit and terms',
      fields: {
        enabled: 'Online reservation on',
        depositRub: 'Deposit, ₽',
        periodDays: 'Reservation period, days',
        refundWindowDays: 'Cancel with a refund, days after paying',
      },
      errors: {
        deposit: 'The deposit: a whole number of roubles from 1 to 100,000,000.',
        periodDays: 'The reservation period: a whole number of days from 1 to 365.',
        refundWindowDays: 'The refund window: a whole number of days from 0 to 365.',
      },
    },
  ),
});
