/**
 * The back office's view of the CRM adapters (issue #43, docs/guides/crm.md "Operations"), in Russian: per adapter,
 * what is queued, delivered and failing, the last error, and whether the CRM refuses our credentials. Part of the
 * admin catalog (`crm`).
 */
const crm = {
  title: 'Интеграции с CRM',
  intro: 'Доставка заявок и событий сделок в CRM: что в очереди, что доставлено и что не проходит.',
  none: 'Ни одна CRM не подключена: заявки уходят только на вебхук и почту, если они настроены (docs/guides/crm.md).',
  adapter: 'CRM',
  state: 'Состояние',
  running: 'работает',
  paused: 'остановлена: CRM не принимает учётные данные',
  pausedSince: 'с {at}',
  off: 'не подключена',
  queued: 'В очереди',
  delivered: 'Доставлено',
  failing: 'С ошибкой',
  lastError: 'Последняя ошибка',
  noError: 'нет',
  leads: { one: '{count} заявка', few: '{count} заявки', many: '{count} заявок', other: '{count} заявки' },
  events: { one: '{count} событие сделки', few: '{count} события сделки', many: '{count} событий сделки', other: '{count} события сделки' },
  fix: 'Проверьте {setting} и перезапустите сайт: заявки ждут в очереди, доставка возобновится сама.',
  channels: { bitrix24: 'Битрикс24', amocrm: 'amoCRM' },
};

export default crm;
export type AdminCrmWords = typeof crm;
