import type { Config } from '../../config.ts';
import type { CrmAdapter, CrmChannel } from './adapter.ts';
import { createAmoCrmAdapter } from './amocrm/adapter.ts';
import { amoSettings } from './amocrm/config.ts';
import { createBitrix24Adapter } from './bitrix24/adapter.ts';
import { bitrix24Settings } from './bitrix24/settings.ts';

/**
 * Each CRM channel's adapter made from the configuration (null: not configured), and the setting an operator fixes
 * when the CRM refuses our credentials (the stopped adapter's error line and the health view name it).
 */
export const CRM_ADAPTERS: Record<CrmChannel, { credentialsSetting: string; create: (config: Config) => CrmAdapter | null }> = {
  bitrix24: {
    credentialsSetting: 'BITRIX24_WEBHOOK_URL',
    create: (config) => {
      const settings = bitrix24Settings(config);
      return settings ? createBitrix24Adapter(settings) : null;
    },
  },
  amocrm: {
    credentialsSetting: 'AMOCRM_TOKEN',
    create: (config) => {
      const settings = amoSettings(config);
      return settings ? createAmoCrmAdapter(settings) : null;
    },
  },
};
