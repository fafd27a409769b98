/**
 * The CRM adapters (issue #43, server/modules/crm/): what a manager reads in the CRM card (in Russian, the sales
 * team's language, whatever the site's language).
 */
const crm = {
  /** The CRM card's title: «Заявка с сайта: Ипотека и рассрочка — ЖК Липовый, кв. 22». */
  title: '{kind} с сайта',
  titleTopic: '{kind} с сайта: {topic}',
  titleLot: '{title} — {project}, {lot}',
  reservationTitle: 'Бронирование с задатком — {project}, {lot}',
  facts: {
    leadId: 'Номер заявки на сайте',
    kind: 'Тип',
    topic: 'Тема',
    locale: 'Язык сайта',
    newsletter: 'Рассылка',
    pageUrl: 'Страница заявки',
    lot: 'Лот',
    lotType: 'Тип лота',
    project: 'Проект',
    building: 'Корпус',
    floor: 'Этаж',
    area: 'Площадь, м²',
    price: 'Цена, ₽',
    lotUrl: 'Ссылка на лот',
    programme: 'Программа',
    monthlyPayment: 'Ежемесячный платёж, ₽',
    downPayment: 'Первый взнос, ₽',
    term: 'Срок, мес.',
    meetingAt: 'Встреча',
    office: 'Офис',
    reservation: 'Бронирование',
    deposit: 'Задаток, ₽',
    reservedUntil: 'Забронировано до',
    referrer: 'Источник перехода',
    landingPage: 'Страница входа',
    yandexClientId: 'ClientID Яндекс Метрики',
    googleClientId: 'Client ID Google Analytics',
    comment: 'Комментарий',
    yes: 'да',
    no: 'нет',
  },
  /** A reservation's event as a comment on its CRM deal. */
  events: {
    held: 'Лот удержан: покупатель оплачивает задаток',
    paid: 'Задаток оплачен',
    extended: 'Бронирование продлено',
    canceled: 'Бронирование отменено',
    ended: 'Срок бронирования истёк',
    expired: 'Удержание истекло без оплаты',
    stage: 'Этап сделки: {stage}',
    refund_requested: 'Запрошен возврат задатка',
    refunded: 'Задаток возвращён',
    refund_failed: 'Возврат задатка не прошёл: верните вручную',
    other: 'Событие: {kind}',
  },
  channels: { bitrix24: 'Битрикс24', amocrm: 'amoCRM' },
} as const;
export default crm;
