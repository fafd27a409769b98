import { describe, expect, it } from 'vitest';
import { offices as kind } from '#core/admin/kinds/offices.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { offices as binding } from './offices.ts';

const day = { opens: '10:00', closes: '20:00', break: null };
const values = {
  name: { ru: 'Офис продаж «Северные высоты»', en: 'Northern Heights sales office', zh: '' },
  address: { ru: 'Москва, Северный проезд, 1', en: '1 Severny Proezd, Moscow', zh: '' },
  phones: ['+74950001013'],
  email: 'vysoty@example.ru',
  projectIds: [3, 1],
  timeZone: 'Europe/Moscow',
  schedule: [null, day, day, day, day, { ...day, break: { from: '13:00', to: '14:00' } }, null],
  exceptions: [
    { date: '2026-12-31', hours: { opens: '10:00', closes: '16:00', break: null } },
    { date: '2027-01-01', hours: null },
  ],
  meetings: true,
  published: true,
  position: 2,
};

describe('offices', () => {
  // The projects it serves are its children (`office_projects`), read with the office in their order.
  itBindsEveryField(kind, binding, {
    values,
    stored: (columns) => ({ id: 1, ...columns, projectIds: values.projectIds.map((projectId, position) => ({ officeId: 1, projectId, position })) }),
  });

  it('hold their projects as children, each once', () => {
    expect(binding.children?.field).toBe('projectIds');
    expect(issuesOf(kind, { ...values, projectIds: [3, 3] })).toEqual({ projectIds: ['errors.repeatedChoice'] });
  });

  it('take phones with their country code, and a week of hours whose break lies inside the day', () => {
    expect(issuesOf(kind, { ...values, phones: ['84950001013'] })).toEqual({ 'phones.0': ['errors.phone'] });
    const late = { ...day, break: { from: '19:30', to: '21:00' } };
    expect(issuesOf(kind, { ...values, schedule: [late, null, null, null, null, null, null] })).toEqual({
      'schedule.0.break': ['the break must lie inside the day'],
    });
  });

  it('take hours in a real time zone, and each special day once with hours that close after they open', () => {
    expect(issuesOf(kind, { ...values, timeZone: 'Moscow' })).toEqual({ timeZone: ['Expected an IANA time zone such as Europe/Moscow'] });
    expect(issuesOf(kind, { ...values, timeZone: 'Asia/Yekaterinburg' })).toEqual({});
    expect(issuesOf(kind, { ...values, exceptions: [...values.exceptions, { date: '2027-01-01', hours: null }] })).toEqual({
      'exceptions.2.date': ['errors.exceptionTwice'],
    });
    expect(issuesOf(kind, { ...values, exceptions: [{ date: '2026-12-31', hours: { opens: '16:00', closes: '10:00', break: null } }] })).toEqual({
      'exceptions.0.hours.closes': ['opens must be before closes'],
    });
  });
});
