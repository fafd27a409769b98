import { z } from 'zod';
import { FINANCE_ID, programmeInput } from '#core/purchase/schemas.ts';
import { codeReference, codeReferences, localizedText } from '../fields.ts';
import { defineKind, judgedByImport, kindWords } from '../kind.ts';

/**
 * A finance programme's fields (core/purchase/types.ts, the table's columns) and their names in the offers import's
 * wire shape, whose schema (`programmeInput`) holds the programmes' rules: every programme the back office saves is
 * checked by it, as the import's are.
 */
export const PROGRAMME_WIRE_NAMES = {
  id: 'id',
  kind: 'kind',
  bankId: 'bank',
  mortgageKind: 'mortgage_kind',
  name: 'name',
  conditions: 'conditions',
  rate: 'rate',
  markup: 'markup',
  minDownPayment: 'min_down_payment',
  maxTermMonths: 'max_term_months',
  untilCompletion: 'until_completion',
  maxLoan: 'max_loan',
  projects: 'projects',
  lotTypes: 'lot_types',
  lots: 'lots',
  validFrom: 'valid_from',
  validTo: 'valid_to',
  position: 'position',
} as const;

/** A programme's values in the import's wire shape. */
export function programmeToWire(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(PROGRAMME_WIRE_NAMES).map(([field, wire]) => [wire, values[field]]));
}

const wire = programmeInput.shape;

/**
 * Partner banks' mortgage programmes, special mortgage offers and the developer's instalment plans: one shape (ADR
 * 012), keyed by their own code.
 */
export const programmes = defineKind({
  name: 'programmes',
  schema: z
    .object({
      id: wire.id,
      kind: wire.kind,
      bankId: codeReference('banks', wire.bank.unwrap()),
      mortgageKind: wire.mortgage_kind.unwrap(),
      name: localizedText({ max: 200 }),
      conditions: localizedText({ max: 2000, multiline: true }),
      rate: wire.rate.unwrap(),
      markup: wire.markup.unwrap(),
      minDownPayment: wire.min_down_payment,
      maxTermMonths: wire.max_term_months,
      untilCompletion: z.boolean(),
      maxLoan: wire.max_loan.unwrap(),
      projects: codeReferences('projects', wire.projects.unwrap()),
      lotTypes: wire.lot_types,
      // Picked by name and number from the catalogue (the searched picker, issue #42), kept as the lots' ids.
      lots: codeReferences('lots', wire.lots.unwrap()),
      validFrom: z.iso.date(),
      validTo: z.iso.date().nullable(),
      position: wire.position.unwrap(),
    })
    // The import's own schema judges the whole programme (a mortgage names its bank, an instalment plan charges no
    // interest, a special offer ends…).
    .check((payload) => judgedByImport(programmeInput, PROGRAMME_WIRE_NAMES, payload)),
  titleField: 'name',
  listFields: ['kind', 'rate', 'validTo'],
  preview: false,
  publishing: false,
  key: { field: 'id', pattern: FINANCE_ID, own: true },
  creatable: true,
  words: kindWords(
    {
      kind: 'Ипотека, спецпредложения и рассрочка',
      fields: {
        bankId: 'Банк',
        mortgageKind: 'Программа ипотеки',
        conditions: 'Условия',
        rate: 'Ставка, % годовых',
        markup: 'Удорожание, %',
        minDownPayment: 'Первоначальный взнос от, %',
        maxTermMonths: 'Срок до, месяцев',
        untilCompletion: 'До сдачи дома (срок не дольше, чем осталось до сдачи)',
        maxLoan: 'Сумма кредита до, ₽',
        projects: 'Проекты (ни одного — все)',
        lotTypes: 'Виды помещений',
        lots: 'Лоты (ни одного — все)',
        validFrom: 'Действует с',
        validTo: 'Действует по',
      },
      options: {
        mortgage: 'Ипотека банка',
        special: 'Спецпредложение по ипотеке',
        installment: 'Рассрочка от застройщика',
        standard: 'Стандартная',
        family: 'Семейная',
        it: 'IT-ипотека',
        military: 'Военная',
        subsidised: 'Субсидированная застройщиком',
      },
      shared: {
        'Expected an id of a-z, 0-9, _ and - (up to 64).': 'Код: строчные латинские буквы, цифры, «_» и «-», до 64 знаков.',
        'Expected a date as YYYY-MM-DD.': 'Дата в формате ГГГГ-ММ-ДД.',
        'At most two decimals.': 'Не больше двух знаков после запятой.',
        'Expected catalogue ids of letters, digits, _ and -.': 'Коды каталога: латинские буквы, цифры, «_» и «-».',
        'Name at least one kind of lot.': 'Выберите хотя бы один вид помещений.',
        "An instalment plan is the developer's own: no bank.": 'Рассрочка — от застройщика: банк не указывается.',
        'An instalment plan has no mortgage kind.': 'У рассрочки нет программы ипотеки.',
        'An instalment plan charges no interest: give its markup instead.': 'Рассрочка без процентов: укажите удорожание, а ставку оставьте 0.',
        'A mortgage names its bank.': 'Укажите банк ипотеки.',
        'A mortgage names its kind: standard, family, it, military, subsidised.': 'Выберите программу ипотеки.',
        'A mortgage names its rate.': 'Укажите ставку ипотеки.',
        'A mortgage has a rate, not a markup.': 'У ипотеки ставка, а не удорожание: оставьте удорожание 0.',
        'The family mortgage finances flats only.': 'Семейная ипотека — только на квартиры.',
        'The it mortgage finances flats only.': 'IT-ипотека — только на квартиры.',
        'The military mortgage finances flats only.': 'Военная ипотека — только на квартиры.',
        'A special offer runs until a date.': 'Укажите последний день спецпредложения.',
        'A special offer names its projects or lots.': 'Укажите проекты или лоты спецпредложения.',
        'Ends before it starts.': 'Окончание раньше начала.',
        'A name carries no rate or percentage: the rate and markup are fields of their own, shown beside the name (e.g. «Зимнее предложение»).':
          'В названии не указывают ставку или проценты: ставка и удорожание — отдельные поля, сайт показывает их рядом с названием (например, «Зимнее предложение»).',
        'Only an instalment plan runs until completion.': '«До сдачи дома» бывает только рассрочка.',
      },
    },
    {
      kind: 'Mortgages, special offers and instalments',
      fields: {
        bankId: 'Bank',
        mortgageKind: 'Mortgage programme',
        conditions: 'Conditions',
        rate: 'Rate, % a year',
        markup: 'Markup, %',
        minDownPayment: 'Down payment from, %',
        maxTermMonths: 'Term up to, months',
        untilCompletion: 'Until completion (no longer than the months left to completion)',
        maxLoan: 'Loan up to, ₽',
        projects: 'Projects (none: all)',
        lotTypes: 'Kinds of premises',
        lots: 'Lots (none: all)',
        validFrom: 'Valid from',
        validTo: 'Valid until',
      },
      options: {
        mortgage: 'Bank mortgage',
        special: 'Special mortgage offer',
        installment: "Developer's instalment plan",
        standard: 'Standard',
        family: 'Family',
        it: 'IT mortgage',
        military: 'Military',
        subsidised: 'Developer-subsidised',
      },
      shared: {
        'Expected an id of a-z, 0-9, _ and - (up to 64).': 'A code of lower-case Latin letters, digits, "_" and "-", up to 64.',
        'Expected a date as YYYY-MM-DD.': 'A date as YYYY-MM-DD.',
        'At most two decimals.': 'At most two decimals.',
        'Expected catalogue ids of letters, digits, _ and -.': 'Catalogue codes of Latin letters, digits, "_" and "-".',
        'Name at least one kind of lot.': 'Choose at least one kind of premises.',
        "An instalment plan is the developer's own: no bank.": "An instalment plan is the developer's own: no bank.",
        'An instalment plan has no mortgage kind.': 'An instalment plan has no mortgage programme.',
        'An instalment plan charges no interest: give its markup instead.': 'An instalment plan charges no interest: give its markup and leave the rate at 0.',
        'A mortgage names its bank.': 'Name the mortgage’s bank.',
        'A mortgage names its kind: standard, family, it, military, subsidised.': 'Choose the mortgage programme.',
        'A mortgage names its rate.': 'Give the mortgage’s rate.',
        'A mortgage has a rate, not a markup.': 'A mortgage has a rate, not a markup: leave the markup at 0.',
        'The family mortgage finances flats only.': 'The family mortgage finances flats only.',
        'The it mortgage finances flats only.': 'The IT mortgage finances flats only.',
        'The military mortgage finances flats only.': 'The military mortgage finances flats only.',
        'A special offer runs until a date.': 'Give the last day of the special offer.',
        'A special offer names its projects or lots.': 'Name the special offer’s projects or lots.',
        'Ends before it starts.': 'Ends before it starts.',
        'A name carries no rate or percentage: the rate and markup are fields of their own, shown beside the name (e.g. «Зимнее предложение»).':
          'A name carries no rate or percentage: the rate and markup are fields of their own, shown beside the name (e.g. "Winter offer").',
        'Only an instalment plan runs until completion.': 'Only an instalment plan runs until completion.',
      },
    },
  ),
});
