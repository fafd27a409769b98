import type { CrmLeadFacts } from '../adapter.ts';
import { factLines } from '../facts.ts';
import { mappedValues } from '../fields.ts';
import type { AmoComplexLead, AmoContact, AmoFieldValueIn, AmoLead } from './client.ts';
import type { AmoSettings } from './config.ts';

/** amoCRM's longest deal name. */
const NAME_MAX = 255;
/** amoCRM takes at most 40 custom field values per entity in the complex add. */
const FIELDS_MAX = 40;

/** A custom field's value as amoCRM takes it: by id (a number) or by code (a tracking field's `UTM_SOURCE`). */
export function amoFieldValue(target: number | string, value: string | number | boolean): AmoFieldValueIn {
  return typeof target === 'number' ? { field_id: target, values: [{ value }] } : { field_code: target, values: [{ value }] };
}

/** The field our id goes to: a reservation's deal carries the reservation's id, a lead's deal the lead's. */
export function idFieldOf(facts: Pick<CrmLeadFacts, 'kind'>, settings: Pick<AmoSettings, 'idFieldId' | 'reservationFieldId'>): number {
  return facts.kind === 'reservation' ? settings.reservationFieldId : settings.idFieldId;
}

/**
 * The deal of one lead for `POST /api/v4/leads/complex`: its title, the lot's price as its budget, the pipeline and
 * status configured, our id in its field and as `request_id` (amoCRM gives request_id back but does not keep it: the
 * field is what a retry finds), the mapped facts in their fields (the UTM tags in the tracking fields by default),
 * the form's kind as a tag, and its contact — the one found by phone or e-mail (`existing`), else a new one — and,
 * for an agency's or partner's lead, the company.
 */
export function complexLead(facts: CrmLeadFacts, settings: AmoSettings, existing: Pick<AmoContact, 'id'> | null): AmoComplexLead {
  const idField = idFieldOf(facts, settings);
  const fields: AmoFieldValueIn[] = [amoFieldValue(idField, facts.leadId)];
  for (const [target, value] of mappedValues(facts, settings.fields)) {
    if (target === idField || fields.length >= FIELDS_MAX) continue;
    fields.push(amoFieldValue(target, value));
  }
  const contactFields: AmoFieldValueIn[] = [];
  if (facts.phone) contactFields.push({ field_code: 'PHONE', values: [{ value: facts.phone, enum_code: 'MOB' }] });
  if (facts.email) contactFields.push({ field_code: 'EMAIL', values: [{ value: facts.email, enum_code: 'WORK' }] });
  // A let lot's price is a monthly rent, not the deal's budget (the note says it).
  const price = facts.lot?.rent ? null : facts.lot?.priceRub;
  const status = facts.kind === 'reservation' ? (settings.reservedStatusId ?? settings.statusId) : settings.statusId;
  return {
    name: facts.title.length > NAME_MAX ? `${facts.title.slice(0, NAME_MAX - 1)}…` : facts.title,
    ...(typeof price === 'number' && price > 0 ? { price: Math.round(price) } : {}),
    ...(settings.pipelineId ? { pipeline_id: settings.pipelineId } : {}),
    ...(status ? { status_id: status } : {}),
    request_id: facts.leadId,
    custom_fields_values: fields,
    _embedded: {
      contacts: [existing ? { id: existing.id } : { name: facts.name, ...(contactFields.length ? { custom_fields_values: contactFields } : {}) }],
      ...(facts.company ? { companies: [{ name: facts.company.slice(0, NAME_MAX) }] } : {}),
      tags: [{ name: facts.kindText.slice(0, 50) }],
    },
  };
}

/** The deal's note: every fact as a `label: value` line (the first is our id, which a retry looks for), and the form's other details. */
export function leadNote(facts: CrmLeadFacts): string {
  return factLines(facts).join('\n');
}

/** Whether a note is the one `leadNote` wrote for this id (a retry after a lost answer does not add it twice). */
export function isLeadNote(text: string, facts: CrmLeadFacts): boolean {
  return text.split('\n', 1)[0] === factLines({ ...facts, otherLines: [] })[0];
}

/** The value of a deal's custom field, as text; null when the deal has none. */
export function fieldText(lead: Pick<AmoLead, 'custom_fields_values'>, fieldId: number): string | null {
  const value = lead.custom_fields_values?.find((field) => field.field_id === fieldId)?.values?.[0]?.value;
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : null;
}

/** A phone number's digits, a Russian trunk 8 read as +7: +7 916 123-45-67, 8 (916) 1234567 and 79161234567 are one number. */
function phoneKey(text: string): string {
  const digits = text.replace(/\D+/g, '');
  return digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
}

/**
 * Whether a contact amoCRM's search returned really is this person's: the search matches any part of any field, so
 * its hits are checked against the whole phone number or e-mail address.
 */
export function contactMatches(contact: Pick<AmoContact, 'custom_fields_values'>, by: { phone?: string | null; email?: string | null }): boolean {
  for (const field of contact.custom_fields_values ?? []) {
    for (const { value } of field.values ?? []) {
      if (typeof value !== 'string') continue;
      if (by.phone && field.field_code === 'PHONE' && phoneKey(value).length >= 10 && phoneKey(value) === phoneKey(by.phone)) return true;
      if (by.email && field.field_code === 'EMAIL' && value.trim().toLowerCase() === by.email.trim().toLowerCase()) return true;
    }
  }
  return false;
}

/**
 * What amoCRM's contact search is asked for a phone: its last ten digits, which a number stored as +7…, 8… or
 * without a prefix all contain; `contactMatches` then checks the whole number.
 */
export const phoneQuery = (phone: string) => phone.replace(/\D+/g, '').slice(-10);
