import { describe, expect, it } from 'vitest';
import { DEAL_DOCUMENT_MAX_MB, DEAL_STAGE_ORDER, DEAL_STATES } from '#core/admin/deals.ts';
import { DOCUMENT_MAX_MB } from './deals-documents.ts';
import { DEAL_STAGES, RESERVATION_STATES } from './schema.ts';

describe('the back office’s deal states and stages', () => {
  it('are the server’s, in its order', () => {
    expect([...DEAL_STATES]).toEqual([...RESERVATION_STATES]);
    expect([...DEAL_STAGE_ORDER]).toEqual([...DEAL_STAGES]);
    expect(DEAL_DOCUMENT_MAX_MB).toBe(DOCUMENT_MAX_MB);
  });
});
