import { describe, expect, it } from 'vitest';
import { schemaOrgProblems } from '#app/components/seo/schema-org-check.ts';
import { localBusiness } from './office-json-ld.ts';

/** An office's schema.org data is valid against the checked-in vocabulary (the browser validators read every page's). */
describe('an office as LocalBusiness', () => {
  it('is valid schema.org data, its parent organization a reference by @id', () => {
    const office = {
      id: 1,
      slug: 'central',
      kind: 'sales',
      name: 'Central office',
      address: '1 Example street, Moscow',
      phones: ['+74950001010'],
      email: 'sales@example.com',
      timeZone: 'Europe/Moscow',
      utcOffset: 'UTC+3',
      schedule: [null, { opens: '10:00', closes: '19:00', break: { from: '13:00', to: '14:00' } }, null, null, null, null, null],
      exceptions: [
        { date: '2027-01-01', hours: null },
        { date: '2027-01-02', hours: { opens: '11:00', closes: '16:00', break: null } },
      ],
      hours: '',
      status: { open: false },
      lat: 55.75,
      lng: 37.61,
      routeUrl: '',
      projects: [],
    } as unknown as Parameters<typeof localBusiness>[0];
    const thing = localBusiness(office, {
      self: 'https://example.com/contacts#office-1',
      organization: 'https://example.com/#org',
      url: 'https://example.com/contacts',
    });
    expect(schemaOrgProblems(thing)).toEqual([]);
    expect(thing.openingHoursSpecification).not.toEqual([]);
  });
});
