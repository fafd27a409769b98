import type { CrmAdapter, CrmDealState, CrmLeadFacts, CrmReservationEvent, CrmSendContext } from '../adapter.ts';
import { createAmoClient, type AmoClient, type AmoContact, type AmoLead } from './client.ts';
import { AMO_LOST, AMO_WON, type AmoSettings } from './config.ts';
import { complexLead, contactMatches, fieldText, idFieldOf, isLeadNote, leadNote, phoneQuery } from './payload.ts';

export type AmoCrmAdapter = CrmAdapter & {
  readonly channel: 'amocrm';
  sendReservationEvent(event: CrmReservationEvent, context: CrmSendContext): Promise<{ dealId: string }>;
};

const dealId = (externalId: string): number | null => (/^[1-9]\d{0,11}$/.test(externalId) ? Number(externalId) : null);

/** A reservation event's note: its words and its moment (two events never share both, so the text is its identity). */
export const eventNote = (event: Pick<CrmReservationEvent, 'text' | 'at'>) => `${event.text}\n${event.at.toISOString()}`;

/**
 * The amoCRM adapter (ADR 040, docs/guides/crm.md "amoCRM"). `sendLead` is idempotent by our id without any help
 * from amoCRM, which has no idempotency key: a retry (attempt 2 on, which a kill's lease expiry counts too) first
 * looks for a deal carrying the id in its field and finds the deal a lost attempt made, and the deal's note is added
 * only when it is not there yet. The contact is found by phone, then by e-mail, and attached by id; else the complex
 * add makes it with the deal. A paid reservation's deal is made the same way, once; its events are notes on it.
 */
export function createAmoCrmAdapter(settings: AmoSettings, options: { fetch?: typeof fetch; client?: AmoClient } = {}): AmoCrmAdapter {
  const client =
    options.client ??
    createAmoClient({ baseUrl: settings.baseUrl, token: settings.token, timeoutMs: settings.timeoutMs, ...(options.fetch ? { fetch: options.fetch } : {}) });

  /** The deals that carry `ourId` in `fieldId`, oldest first (amoCRM's search matches any part of any field: each hit is checked). */
  async function dealsCarrying(ourId: string, fieldId: number): Promise<AmoLead[]> {
    const found = await client.findLeads(ourId);
    return found.filter((lead) => !lead.is_deleted && fieldText(lead, fieldId) === ourId).sort((a, b) => a.id - b.id);
  }

  async function findContact(facts: CrmLeadFacts): Promise<AmoContact | null> {
    if (facts.phone && phoneQuery(facts.phone).length >= 5) {
      const hit = (await client.findContacts(phoneQuery(facts.phone))).find((c) => contactMatches(c, { phone: facts.phone }));
      if (hit) return hit;
    }
    if (facts.email) {
      const hit = (await client.findContacts(facts.email)).find((c) => contactMatches(c, { email: facts.email }));
      if (hit) return hit;
    }
    return null;
  }

  async function ensureNote(id: number, facts: CrmLeadFacts): Promise<void> {
    const notes = await client.commonNotes(id);
    if (!notes.some((note) => isLeadNote(note.text, facts))) await client.addNote(id, leadNote(facts));
  }

  /**
   * The deal of `facts` (a lead's or a reservation's): the one carrying our id when `look` (a retry, or a reservation
   * not linked yet), else a new one with its note. A deal found gets its note if the lost attempt did not add it.
   */
  async function dealOf(facts: CrmLeadFacts, look: boolean): Promise<number> {
    if (look) {
      const [existing] = await dealsCarrying(facts.leadId, idFieldOf(facts, settings));
      if (existing) {
        await ensureNote(existing.id, facts);
        return existing.id;
      }
    }
    const contact = await findContact(facts);
    const [added] = await client.addComplex([complexLead(facts, settings, contact)]);
    if (!added) throw new Error('amoCRM complex add: the answer lists no deal');
    // A new deal has no notes: no need to look.
    await client.addNote(added.id, leadNote(facts));
    return added.id;
  }

  return {
    channel: 'amocrm',
    async sendLead(facts, context) {
      // Without a context nothing says this is the first attempt: look.
      return { externalId: String(await dealOf(facts, (context?.attempt ?? 2) > 1)) };
    },
    async sendReservationEvent(event, context) {
      // The deal is looked for whenever it is not linked yet: an earlier event's attempt may have made it and died.
      const known = event.dealId ? dealId(event.dealId) : null;
      const id = known ?? (await dealOf(event.facts, true));
      const text = eventNote(event);
      const notes = context.attempt > 1 || known === null ? await client.commonNotes(id) : [];
      if (!notes.some((note) => note.text === text)) await client.addNote(id, text);
      return { dealId: String(id) };
    },
    async readDeal(externalId): Promise<CrmDealState | null> {
      const id = dealId(externalId);
      if (id === null) return null;
      const lead = await client.getLead(id);
      if (!lead || lead.is_deleted) return null;
      // Won and lost (142, 143) are the same ids in every pipeline: a deal of another pipeline is not ours to follow
      // (its loss is another team's, never a release of ours): read as none, nothing changes.
      if (settings.pipelineId !== null && lead.pipeline_id !== settings.pipelineId && (lead.status_id === AMO_WON || lead.status_id === AMO_LOST)) return null;
      const reservationId = fieldText(lead, settings.reservationFieldId);
      const leadId = fieldText(lead, settings.idFieldId);
      return { externalId: String(lead.id), stageCode: String(lead.status_id), reservationId: reservationId || null, leadId: leadId || null };
    },
  };
}
