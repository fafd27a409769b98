import type { AdminCrmWords } from './crm-ru.ts';

/** The back office's view of the CRM adapters in English (crm-ru.ts says what it is). */
const crm: AdminCrmWords = {
  title: 'CRM integrations',
  intro: 'Delivery of requests and deal events to the CRMs: what is queued, delivered and failing.',
  none: 'No CRM is connected: requests go only to the webhook and e-mail, when those are set up (docs/guides/crm.md).',
  adapter: 'CRM',
  state: 'State',
  running: 'running',
  paused: 'stopped: the CRM refuses our credentials',
  pausedSince: 'since {at}',
  off: 'not connected',
  queued: 'Queued',
  delivered: 'Delivered',
  failing: 'Failing',
  lastError: 'Last error',
  noError: 'none',
  leads: { one: '{count} request', few: '{count} requests', many: '{count} requests', other: '{count} requests' },
  events: { one: '{count} deal event', few: '{count} deal events', many: '{count} deal events', other: '{count} deal events' },
  fix: 'Check {setting} and restart the site: the requests wait in the queue and delivery resumes by itself.',
  channels: { bitrix24: 'Bitrix24', amocrm: 'amoCRM' },
};

export default crm;
