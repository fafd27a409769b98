import type { CrmAdapter, CrmDealState, CrmLeadFacts, CrmReservationEvent, CrmSendContext } from '../adapter.ts';
import { factLines } from '../facts.ts';
import { mappedValues } from '../fields.ts';
import { Bitrix24Error, createBitrix24Client, type Bitrix24Client } from './client.ts';
import { dealInScope, type Bitrix24Settings } from './settings.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Our id as a reservation's deal carries it (a lead's is its UUID alone): the two are told apart when read back. */
const RESERVATION_PREFIX = 'reservation-';
export const reservationIdValue = (reservationId: string) => `${RESERVATION_PREFIX}${reservationId}`;
/** The marker of a deal event's note: a retry finds the note it already added. */
const noteMarker = (eventId: number) => `[site-event-${eventId}]`;

type Id = string | number;
type Fields = Record<string, unknown>;

export type Bitrix24Adapter = CrmAdapter & { readonly settings: Bitrix24Settings };

/**
 * The Bitrix24 adapter (ADR 040, docs/guides/crm.md): through the portal's inbound webhook, a lead becomes a Bitrix24
 * lead (`crm.lead.add`) or, in deal mode, a deal (`crm.deal.add`) whose contact is found by phone, then e-mail
 * (`crm.duplicate.findbycomm`) or made (`crm.contact.add`). Our id is written to BITRIX24_ID_FIELD (ORIGIN_ID by
 * default); from a delivery's second attempt on the adapter looks it up there first (`crm.lead.list` /
 * `crm.deal.list`), so a retry after a timeout finds what the lost answer had made. A paid reservation is a deal made
 * once (by `reservation-<id>` in the same field) with each event a timeline note (`crm.timeline.comment.add`, found
 * again by its marker on a retry).
 */
export function createBitrix24Adapter(settings: Bitrix24Settings, options: { fetch?: typeof fetch; client?: Bitrix24Client } = {}): Bitrix24Adapter {
  const client = options.client ?? createBitrix24Client({ webhookUrl: settings.webhookUrl, timeoutMs: settings.timeoutMs, fetch: options.fetch });
  const idField = settings.idField;

  async function findByOurId(entity: 'lead' | 'deal', value: string): Promise<string | null> {
    const found = await client.call<{ ID: Id }[]>(`crm.${entity}.list`, { filter: { [idField]: value }, select: ['ID'], order: { ID: 'ASC' } });
    return found.length ? String(found[0]!.ID) : null;
  }

  /** The card's own fields: title, contact, comment with every fact, our id, the mapped facts, the lot's price. */
  function cardFields(facts: CrmLeadFacts, ourId: string): Fields {
    const fields: Fields = {
      TITLE: facts.title.slice(0, 255),
      COMMENTS: factLines(facts).join('\n'),
      SOURCE_ID: 'WEB',
      SOURCE_DESCRIPTION: facts.pageUrl ?? '',
      [idField]: ourId,
    };
    if (idField === 'ORIGIN_ID') fields.ORIGINATOR_ID = 'site';
    // A let lot's price is a monthly rent, not what the deal is worth: the comment says it, the amount does not.
    const amount = facts.reservation?.depositRub ?? (facts.lot?.rent ? null : facts.lot?.priceRub) ?? null;
    if (amount !== null) Object.assign(fields, { OPPORTUNITY: amount, CURRENCY_ID: 'RUB' });
    for (const [target, value] of mappedValues(facts, settings.fields)) fields[target] = value;
    return fields;
  }

  const contactFields = (facts: CrmLeadFacts): Fields => ({
    NAME: facts.name,
    ...(facts.phone ? { PHONE: [{ VALUE: facts.phone, VALUE_TYPE: 'WORK' }] } : {}),
    ...(facts.email ? { EMAIL: [{ VALUE: facts.email, VALUE_TYPE: 'WORK' }] } : {}),
  });

  /** The buyer's contact: the one Bitrix24 has by phone, else by e-mail, else a new one. */
  async function contactOf(facts: CrmLeadFacts): Promise<string> {
    for (const [type, value] of [
      ['PHONE', facts.phone],
      ['EMAIL', facts.email],
    ] as const) {
      if (!value) continue;
      // Nothing found is an empty array; found is `{ CONTACT: [ids] }`.
      const found = await client.call<{ CONTACT?: Id[] } | []>('crm.duplicate.findbycomm', { entity_type: 'CONTACT', type, values: [value] });
      const ids = Array.isArray(found) ? [] : (found.CONTACT ?? []);
      if (ids.length) return String(Math.min(...ids.map(Number)));
    }
    const id = await client.call<Id>('crm.contact.add', { fields: { ...contactFields(facts), SOURCE_ID: 'WEB' } });
    return String(id);
  }

  async function addDeal(facts: CrmLeadFacts, ourId: string): Promise<string> {
    const contactId = await contactOf(facts);
    const id = await client.call<Id>('crm.deal.add', {
      fields: { ...cardFields(facts, ourId), CATEGORY_ID: settings.categoryId, CONTACT_ID: contactId },
      params: { REGISTER_SONET_EVENT: 'Y' },
    });
    return String(id);
  }

  return {
    channel: 'bitrix24',
    settings,

    async sendLead(facts: CrmLeadFacts, context: CrmSendContext = { attempt: 1 }) {
      const entity = settings.mode === 'deal' ? 'deal' : 'lead';
      if (context.attempt > 1) {
        const found = await findByOurId(entity, facts.leadId);
        if (found) return { externalId: found };
      }
      if (entity === 'deal') return { externalId: await addDeal(facts, facts.leadId) };
      const id = await client.call<Id>('crm.lead.add', {
        fields: { ...cardFields(facts, facts.leadId), ...contactFields(facts) },
        params: { REGISTER_SONET_EVENT: 'Y' },
      });
      return { externalId: String(id) };
    },

    async sendReservationEvent(event: CrmReservationEvent, context: CrmSendContext) {
      const ourId = reservationIdValue(event.facts.leadId);
      // No deal linked yet: looked up by our id whatever this event's attempt, since an earlier event of the same
      // reservation may have made the deal and failed after (its note refused, a lost answer) without linking it.
      let dealId = event.dealId ?? (await findByOurId('deal', ourId));
      let fresh = false;
      if (!dealId) {
        dealId = await addDeal(event.facts, ourId);
        fresh = true;
      }
      const marker = noteMarker(event.eventId);
      if (!fresh && context.attempt > 1) {
        const notes = await client.call<{ COMMENT?: string }[]>('crm.timeline.comment.list', {
          filter: { ENTITY_ID: Number(dealId), ENTITY_TYPE: 'deal' },
          select: ['ID', 'COMMENT'],
        });
        if (notes.some((note) => note.COMMENT?.startsWith(marker))) return { dealId };
      }
      await client.call('crm.timeline.comment.add', {
        fields: { ENTITY_ID: Number(dealId), ENTITY_TYPE: 'deal', COMMENT: `${marker} ${event.text} (${event.at.toISOString()})` },
      });
      return { dealId };
    },

    async readDeal(externalId: string): Promise<CrmDealState | null> {
      if (!/^\d{1,18}$/.test(externalId)) return null;
      let deal: Record<string, unknown>;
      try {
        deal = await client.call<Record<string, unknown>>('crm.deal.get', { id: externalId });
      } catch (error) {
        if (error instanceof Bitrix24Error && error.notFound) return null;
        throw error;
      }
      const stageId = typeof deal.STAGE_ID === 'string' ? deal.STAGE_ID : '';
      const category = Number(deal.CATEGORY_ID);
      // A deal of another pipeline is not ours to follow (its LOSE is another team's): read as none, nothing changes.
      if (!dealInScope(settings, { categoryId: deal.CATEGORY_ID === undefined || !Number.isInteger(category) ? null : category, stageId })) return null;
      const ours = typeof deal[idField] === 'string' ? (deal[idField] as string) : '';
      const reservationId =
        ours.startsWith(RESERVATION_PREFIX) && UUID.test(ours.slice(RESERVATION_PREFIX.length)) ? ours.slice(RESERVATION_PREFIX.length).toLowerCase() : null;
      return {
        externalId: String(deal.ID ?? externalId),
        stageCode: stageId,
        reservationId,
        leadId: !reservationId && UUID.test(ours) ? ours.toLowerCase() : null,
      };
    },
  };
}
