import type { CrmAdapter, CrmDealState, CrmLeadFacts } from '../adapter.ts';
import { createAmoClient, type AmoClient, type AmoContact, type AmoLead } from './client.ts';
import type { AmoSettings } from './config.ts';
import { complexLead, contactMatches, fieldText, idFieldOf, isLeadNote, leadNote, phoneQuery } from './payload.ts';

export type AmoCrmAdapter = CrmAdapter & {
  readonly channel: 'amocrm';
  /** Adds a plain note to a deal once: a note with the same text already there (a retry after a lost answer) is not added again. */
  addNote(externalId: string, text: string): Promise<void>;
};

const dealId = (externalId: string): number | null => (/^[1-9]\d{0,11}$/.test(externalId) ? Number(externalId) : null);

/**
 * The amoCRM adapter (ADR 040, docs/guides/crm.md "amoCRM"). `sendLead` is idempotent by our id without any help
 * from amoCRM, which has no idempotency key: before adding, it looks for a deal carrying the id in its field (the
 * first attempt finds none; a retry after a timeout, a reset or a kill finds the deal the lost attempt made), and
 * the deal's note is added only when it is not there yet. The contact is found by phone, then by e-mail, and
 * attached by id; else the complex add makes it with the deal.
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

  return {
    channel: 'amocrm',
    async sendLead(facts) {
      const [existing] = await dealsCarrying(facts.leadId, idFieldOf(facts, settings));
      if (existing) {
        await ensureNote(existing.id, facts);
        return { externalId: String(existing.id) };
      }
      const contact = await findContact(facts);
      const [added] = await client.addComplex([complexLead(facts, settings, contact)]);
      if (!added) throw new Error('amoCRM complex add: the answer lists no deal');
      // A new deal has no notes: no need to look.
      await client.addNote(added.id, leadNote(facts));
      return { externalId: String(added.id) };
    },
    async readDeal(externalId): Promise<CrmDealState | null> {
      const id = dealId(externalId);
      if (id === null) return null;
      const lead = await client.getLead(id);
      if (!lead || lead.is_deleted) return null;
      const reservationId = fieldText(lead, settings.reservationFieldId);
      const leadId = fieldText(lead, settings.idFieldId);
      return { externalId: String(lead.id), stageCode: String(lead.status_id), reservationId: reservationId || null, leadId: leadId || null };
    },
    async addNote(externalId, text) {
      const id = dealId(externalId);
      if (id === null) throw new Error('amoCRM note: not a deal id');
      const notes = await client.commonNotes(id);
      if (!notes.some((note) => note.text === text)) await client.addNote(id, text);
    },
  };
}
