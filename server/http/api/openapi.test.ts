import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isDocumented, responseSerializer } from './openapi.ts';

const schema = z.strictObject({ id: z.string(), price: z.number() });
const serializer = (check: boolean) =>
  responseSerializer(check)({ schema, method: 'GET', url: '/api/x/', httpStatus: '200' } as Parameters<ReturnType<typeof responseSerializer>>[0]);

describe('API answers and their schemas', () => {
  it('outside production, refuses an answer its schema does not describe (an undocumented field, a wrong type)', () => {
    const write = serializer(true);
    expect(write({ id: '1', price: 10 })).toBe('{"id":"1","price":10}');
    expect(() => write({ id: '1', price: 10, secret: 'x' })).toThrow(/doesn't match the schema/);
    expect(() => write({ id: 1, price: 10 })).toThrow(/doesn't match the schema/);
  });

  it('in production, writes the answer as it is (nothing stripped, nothing checked)', () => {
    expect(serializer(false)({ id: '1', price: 10, extra: true })).toBe('{"id":"1","price":10,"extra":true}');
  });

  it('documents the API and the legacy form endpoint, not pages, the catch-all or the viewer', () => {
    expect(isDocumented('/api/filter/')).toBe(true);
    expect(isDocumented('/old/subscribe/')).toBe(true);
    for (const url of ['/api/*', '/api/openapi.json', '/api/docs', '/api/docs/static/*', '/projects/:id', '/img/*']) expect(isDocumented(url), url).toBe(false);
  });
});
