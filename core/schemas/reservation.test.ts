import { describe, expect, it } from 'vitest';
import { parseReservationRequest } from './reservation.ts';

const valid = { lotId: '42', name: 'Анна', phone: '+7 916 123-45-67', email: 'anna@example.ru', consent: 'on' };

describe('the online reservation form', () => {
  it('reads a form post or JSON: the lot as a number, the phone in E.164, the language and the programme when given', () => {
    const parsed = parseReservationRequest(valid);
    expect(parsed).toEqual({
      ok: true,
      data: { lotId: 42, name: 'Анна', phone: '+79161234567', email: 'anna@example.ru', consent: true, locale: null, programmeId: null },
    });
    // The form's "in full, or decide later" posts an empty choice: no programme.
    expect(parseReservationRequest({ ...valid, programmeId: '' })).toMatchObject({ ok: true, data: { programmeId: null } });
    expect(parseReservationRequest({ ...valid, programmeId: 'nord-new-build' })).toMatchObject({ ok: true, data: { programmeId: 'nord-new-build' } });
    const json = parseReservationRequest({ ...valid, lotId: 42, consent: true, locale: 'zh' });
    expect(json.ok && json.data.locale).toBe('zh');
  });

  it('names each bad field with the code of its rule', () => {
    const parsed = parseReservationRequest({ lotId: 'x', name: '', phone: '12', email: 'nobody', locale: 'de' });
    expect(parsed).toEqual({
      ok: false,
      errors: { lotId: ['choice'], name: ['required'], phone: ['phone'], email: ['email'], consent: ['consent'], locale: ['choice'] },
    });
    expect(parseReservationRequest({ ...valid, lotId: undefined, email: '' })).toEqual({ ok: false, errors: { lotId: ['required'], email: ['required'] } });
    expect(parseReservationRequest({ ...valid, name: 'Ан\u0000на', lotId: { $gt: 1 } })).toEqual({
      ok: false,
      errors: { name: ['characters'], lotId: ['invalid'] },
    });
  });

  it('takes nothing of the terms from the request: an amount or a period sent along is not read', () => {
    const parsed = parseReservationRequest({ ...valid, amount: 1, depositKopecks: 100, periodDays: 365 });
    expect(parsed.ok && Object.keys(parsed.data).sort()).toEqual(['consent', 'email', 'locale', 'lotId', 'name', 'phone', 'programmeId']);
  });

  it('refuses a post whose trap for bots is filled', () => {
    expect(parseReservationRequest({ ...valid, website: 'http://spam.example' })).toEqual({ ok: false, errors: { website: ['invalid'] } });
  });
});
