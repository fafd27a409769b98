import type { Messages } from '../ru/index.ts';

/**
 * The CRM adapters (issue #43). The CRM card itself is written in Russian (the sales team's language); these are the
 * same words for an English-speaking team.
 */
const crm: Messages['crm'] = {
  title: '{kind} from the site',
  titleTopic: '{kind} from the site: {topic}',
  titleLot: '{title} — {project}, {lot}',
  reservationTitle: 'Reservation with a deposit — {project}, {lot}',
  facts: {
    leadId: 'Site request number',
    kind: 'Kind',
    topic: 'Topic',
    locale: 'Site language',
    newsletter: 'Newsletter',
    pageUrl: 'Request page',
    lot: 'Unit',
    lotType: 'Unit type',
    project: 'Project',
    building: 'Building',
    floor: 'Floor',
    area: 'Area, m²',
    price: 'Price, ₽',
    lotUrl: 'Unit link',
    programme: 'Programme',
    monthlyPayment: 'Monthly payment, ₽',
    downPayment: 'Down payment, ₽',
    term: 'Term, months',
    meetingAt: 'Meeting',
    office: 'Office',
    reservation: 'Reservation',
    deposit: 'Deposit, ₽',
    reservedUntil: 'Reserved until',
    referrer: 'Referrer',
    landingPage: 'Landing page',
    yandexClientId: 'Yandex Metrica ClientID',
    googleClientId: 'Google Analytics client ID',
    comment: 'Comment',
    yes: 'yes',
    no: 'no',
  },
  events: {
    held: 'Unit held: the buyer is paying the deposit',
    paid: 'Deposit paid',
    extended: 'Reservation extended',
    canceled: 'Reservation cancelled',
    ended: 'Reservation period over',
    expired: 'Hold expired unpaid',
    stage: 'Deal stage: {stage}',
    refund_requested: 'Deposit refund requested',
    refunded: 'Deposit refunded',
    refund_failed: 'Deposit refund failed: refund by hand',
    other: 'Event: {kind}',
  },
  channels: { bitrix24: 'Bitrix24', amocrm: 'amoCRM' },
};
export default crm;
