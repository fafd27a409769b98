import { describe, expect, it } from 'vitest';
import { DEAL_STAGES, RESERVATION_STATES } from '#server/modules/reservations/index.ts';
import { DOCUMENT_MAX_MB } from '#server/modules/reservations/deals-documents.ts';
import { DEAL_DOCUMENT_MAX_MB, DEAL_STAGE_ORDER, DEAL_STATES } from './deals.ts';

describe('the back office’s deal states and stages', () => {
  it('are the server’s, in its order', () => {
    expect([...DEAL_STATES]).toEqual([...RESERVATION_STATES]);
    expect([...DEAL_STAGE_ORDER]).toEqual([...DEAL_STAGES]);
    expect(DEAL_DOCUMENT_MAX_MB).toBe(DOCUMENT_MAX_MB);
  });
});
