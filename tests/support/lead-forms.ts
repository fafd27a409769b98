import type ru from '#core/i18n/catalogs/ru/index.ts';

type Messages = typeof ru;

/**
 * Every lead form as a visitor meets it: the button that sends it, the heading of its success, its required fields,
 * and the fields of its own a visitor fills besides name, phone and consent (a select takes the option's value).
 * The browser tests (with JavaScript) and the server's pages (without) walk the same list.
 */
export type LeadFormCase = {
  slug: string;
  submit: (m: Messages) => string;
  success: (m: Messages) => string;
  required: (m: Messages) => string[];
  extra?: (m: Messages) => { label: string; value: string }[];
};

const send = (m: Messages) => m.forms.actions.send;
const book = (m: Messages) => m.forms.actions.book;
const sent = (m: Messages) => m.forms.success.title;
const booked = (m: Messages) => m.forms.success.bookedTitle;
const nameAndPhone = (m: Messages) => [m.forms.fields.name, m.forms.fields.phone];

export const LEAD_FORMS: LeadFormCase[] = [
  { slug: 'request', submit: send, success: sent, required: nameAndPhone },
  { slug: 'callback', submit: send, success: sent, required: nameAndPhone },
  { slug: 'subscribe', submit: (m) => m.forms.actions.subscribe, success: (m) => m.forms.success.subscribedTitle, required: nameAndPhone },
  { slug: 'meeting', submit: book, success: booked, required: nameAndPhone },
  {
    slug: 'broker-tour',
    submit: book,
    success: booked,
    required: (m) => [...nameAndPhone(m), m.forms.fields.agency],
    extra: (m) => [{ label: m.forms.fields.agency, value: 'Этажи' }],
  },
  {
    slug: 'partner-meeting',
    submit: book,
    success: booked,
    required: (m) => [m.forms.fields.partnerTopic, ...nameAndPhone(m), m.forms.fields.company],
    extra: (m) => [
      { label: m.forms.fields.partnerTopic, value: 'bank' },
      { label: m.forms.fields.company, value: 'Bank' },
    ],
  },
  { slug: 'presale', submit: send, success: sent, required: nameAndPhone },
  { slug: 'landing', submit: send, success: sent, required: nameAndPhone },
];
