import { sql } from 'drizzle-orm';
import { featureFlags } from '../../../../db/schema/index.ts';
import { pick, type Binding } from '../binding.ts';

/** Feature flags and experiments (`feature_flags`, ADR 015), keyed by their own key. */
export const flags: Binding = {
  table: featureFlags,
  key: featureFlags.key,
  scope: null,
  toValues: (row) => pick(row, ['key', 'description', 'defaultValue', 'rules']),
  // clock_timestamp(), as the flags' service writes: the SDK payload's `dateUpdated` follows every change.
  toRow: (values) => ({ ...pick(values, ['key', 'description', 'defaultValue', 'rules']), updatedAt: sql`clock_timestamp()` }),
  // The flags' copy in memory is refreshed after the commit, so the SDK stream tells open pages at once.
  afterCommit: 'flags',
};
