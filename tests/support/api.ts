import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * GET helpers for API tests on an app made in `beforeAll` (hence the getter): a 200 JSON body, a 400 that
 * names `field` in the API's error shape, a 404 with its `detail`.
 */
export function apiGets(app: () => FastifyInstance) {
  const get = (url: string, headers: Record<string, string> = {}) => app().inject({ url, headers });
  return {
    get,
    async json(url: string) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      return res.json();
    },
    async expectBad(url: string, field: string) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toHaveProperty(field);
      expect(res.json().detail).toMatch(/^Invalid/);
    },
    async expectMissing(url: string) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toHaveProperty('detail');
    },
  };
}
