import { subscriptionHeadings } from '../../../../db/schema/index.ts';
import { pick, type Binding } from '../binding.ts';

/** The subscription block's heading per topic (`subscription_headings`), keyed by the topic. */
export const subscriptions: Binding = {
  table: subscriptionHeadings,
  key: subscriptionHeadings.topic,
  scope: null,
  toValues: (row) => pick(row, ['topic', 'title', 'description']),
  toRow: (values) => ({ ...pick(values, ['topic', 'title', 'description']), updatedAt: new Date() }),
  unique: 'topic',
};
