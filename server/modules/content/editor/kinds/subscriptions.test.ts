import { describe, expect, it } from 'vitest';
import { subscriptions as kind } from '#core/admin/kinds/subscriptions.ts';
import { SUBSCRIPTION_TOPICS } from '#core/validation/lead-forms.ts';
import { itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { subscriptions as binding } from './subscriptions.ts';

const values = {
  topic: 'children',
  title: { ru: 'Для детей', en: 'For children', zh: '' },
  description: { ru: 'Новости о школах и площадках.', en: 'News about schools and playgrounds.', zh: '' },
};

describe('subscription headings', () => {
  itBindsEveryField(kind, binding, { values, stored: (columns) => columns });

  it('are one per topic, addressed by it', () => {
    for (const topic of SUBSCRIPTION_TOPICS) expect(kind.key.pattern.test(topic), topic).toBe(true);
    expect(kind.key.pattern.test('flat')).toBe(false);
    expect(binding.unique).toBe('topic');
  });
});
