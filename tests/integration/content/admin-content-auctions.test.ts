import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentKind } from '#core/admin/kinds.ts';
import { seedDemoAuctions } from '#server/modules/auctions/demo.ts';
import { ENGINES } from '#tests/support/db.ts';
import { browserHeaders, testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';
import { signedInStaff } from '#tests/support/admin.ts';
import { editorCalls, type Item, type Staffer } from './admin-content-setup.ts';

/**
 * Auctions in the back office, on each engine: announced and changed until bids come, then held to their bids' terms;
 * deleted and brought back only without bids. Each change reaches the public auction at once and the audit trail
 * holds it.
 */
describe.each(ENGINES)('content kinds on %s: auctions', (engine) => {
  let t: TestApp;
  let editor: Staffer;

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
    editor = await signedInStaff(t, 'editor');
  }, 180_000);
  afterAll(async () => t?.dispose());
  const { call, publicJson, history } = editorCalls(() => ({ t, editor }));

  describe('auctions', () => {
    type Auction = {
      id: number;
      lotId: number;
      status: string;
      startPrice: number;
      minStep: number;
      plannedEndsAt: string;
      bidCount: number;
      result: string | null;
    };
    const HOUR = 3600_000;
    const shown = async (id: string | number) => ((await publicJson(`/api/auction/${id}/?lang=en`)) as { auction: Auction }).auction;
    /** A visitor's bid, through the public form's API. */
    const bid = async (id: string, amount: number, phone: string) => {
      const url = `/api/auction/${id}/bid/`;
      const res = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: `10.77.0.${phone.slice(-1)}`,
        headers: browserHeaders(t.config, url),
        payload: { name: 'Борис', phone, consent: true, amount },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    /** Free lots no auction names, for new auctions. */
    const freeLots = async (n: number) => {
      const result = await t.services.database.db.execute<{ id: number }>(
        sql`select id from lots where status = 'free' and id not in (select lot_id from auctions) order by id limit ${n}`,
      );
      return ((Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows) as { id: number }[]).map((r) => r.id);
    };

    it('holds the demo auctions valid for their description', async () => {
      await seedDemoAuctions(t.services.database.db);
      const items = (await call('GET', '/api/admin/content/auctions/')).json().items as Item[];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(contentKind('auctions')!.schema.safeParse(item.values).success, item.id).toBe(true);
    });

    it('announces an auction and changes its terms until bids come; then its bids fix them, and it is neither deleted nor reverted away', async () => {
      const [lot, otherLot] = await freeLots(2);
      const now = Date.now();
      const values = {
        lotId: lot!,
        startPrice: 5_000_000,
        minStep: 50_000,
        startsAt: new Date(now - HOUR).toISOString(),
        plannedEndsAt: new Date(now + 48 * HOUR).toISOString(),
        extendMinutes: 5,
        result: null,
      };
      const bad = await call('POST', '/api/admin/content/auctions/', { values: { ...values, plannedEndsAt: values.startsAt, minStep: 0 } }, 'ru');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toMatchObject({ plannedEndsAt: ['Окончание должно быть позже начала.'] });
      expect(Object.keys(bad.json().errors).sort()).toEqual(['minStep', 'plannedEndsAt']);
      const unknown = await call('POST', '/api/admin/content/auctions/', { values: { ...values, lotId: 999_999_999 } });
      expect(unknown.json().errors).toEqual({ lotId: ['The catalogue has no lot with this number.'] });

      const created = await call('POST', '/api/admin/content/auctions/', { values });
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json() as Item;
      expect(item.publicPath).toBe(`/auctions/${item.id}`);
      expect(await shown(item.id)).toMatchObject({ lotId: lot, status: 'live', startPrice: 5_000_000, minStep: 50_000, bidCount: 0 });
      // One auction of a lot at a time.
      const overlap = await call('POST', '/api/admin/content/auctions/', { values: { ...values, startsAt: new Date(now + HOUR).toISOString() } });
      expect(overlap.statusCode).toBe(400);
      expect(Object.keys(overlap.json().errors)).toEqual(['lotId']);

      // Before any bid, every term may change.
      const url = `/api/admin/content/auctions/${item.id}/`;
      const cheaper = await call('PUT', url, { version: item.version, values: { ...values, startPrice: 4_900_000 } });
      expect(cheaper.statusCode, cheaper.body).toBe(200);
      expect((await shown(item.id)).startPrice).toBe(4_900_000);
      const [update] = await history(url);
      expect(update).toMatchObject({ action: 'update', before: { startPrice: 5_000_000 }, after: { startPrice: 4_900_000 } });

      // A visitor bids.
      await bid(item.id, 4_900_000, '+7 917 555-01-02');
      expect(await shown(item.id)).toMatchObject({ bidCount: 1, startPrice: 4_900_000 });

      // Now the lot, start price, step and start are the bids' terms.
      const current = (await call('GET', url)).json() as Item;
      for (const [field, value] of [
        ['startPrice', 4_800_000],
        ['lotId', otherLot],
        ['minStep', 10_000],
        ['startsAt', new Date(now - 2 * HOUR).toISOString()],
      ] as const) {
        const refused = await call('PUT', url, { version: current.version, values: { ...current.values, [field]: value } }, 'ru');
        expect(refused.statusCode, field).toBe(400);
        expect(refused.json().errors).toEqual({ [field]: ['На аукционе уже есть ставки: его лот, начальную цену, шаг и начало менять нельзя.'] });
      }
      const revertPrice = await call('POST', `/api/admin/content/revert/${update!.id}/`, {});
      expect(revertPrice.statusCode).toBe(400);
      expect(Object.keys(revertPrice.json().errors)).toEqual(['startPrice']);
      expect(revertPrice.json().detail).toBe('The auction has bids: its lot, start price, step and start can no longer change.');
      const removed = await call('DELETE', `${url}?version=${current.version}`);
      expect(removed.statusCode, removed.body).toBe(400);
      expect(Object.keys(removed.json().errors)).toEqual(['result']);
      expect(await shown(item.id)).toMatchObject({ bidCount: 1, startPrice: 4_900_000, lotId: lot });

      // Its end and result stay the sales team's: a later end, then cancelled, and the revert puts the end back.
      const later = new Date(now + 72 * HOUR).toISOString();
      const moved = await call('PUT', url, { version: current.version, values: { ...current.values, plannedEndsAt: later } });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await shown(item.id)).plannedEndsAt).toBe(later);
      const [endChange] = await history(url);
      expect((await call('POST', `/api/admin/content/revert/${endChange!.id}/`, {})).statusCode).toBe(200);
      expect((await shown(item.id)).plannedEndsAt).toBe(values.plannedEndsAt);
      const again = (await call('GET', url)).json() as Item;
      const cancelled = await call('PUT', url, { version: again.version, values: { ...again.values, result: 'cancelled' } });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((cancelled.json() as Item).values.result).toBe('cancelled');
    });

    it('deletes an auction without bids, and a revert brings it back; a revert never deletes one with bids', async () => {
      const [lot, liveLot] = await freeLots(2);
      const now = Date.now();
      const values = {
        lotId: lot!,
        startPrice: 3_000_000,
        minStep: 10_000,
        startsAt: new Date(now + 24 * HOUR).toISOString(),
        plannedEndsAt: new Date(now + 48 * HOUR).toISOString(),
        extendMinutes: 0,
        result: null,
      };
      const item = (await call('POST', '/api/admin/content/auctions/', { values })).json() as Item;
      expect((await shown(item.id)).status).toBe('scheduled');
      const url = `/api/admin/content/auctions/${item.id}/`;
      const deleted = await call('DELETE', `${url}?version=${item.version}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((await t.app.inject(`/api/auction/${item.id}/`)).statusCode).toBe(404);
      // The item is gone, so it has no page to show its history: the audit trail has it.
      const [deletion] = await t.services.contentEditor.history('auctions', item.id);
      expect(deletion).toMatchObject({ action: 'delete', after: null });
      expect((await call('POST', `/api/admin/content/revert/${deletion!.id}/`, {})).statusCode).toBe(200);
      expect(await shown(item.id)).toMatchObject({ lotId: lot, startPrice: 3_000_000, status: 'scheduled' });

      const live = (
        await call('POST', '/api/admin/content/auctions/', {
          values: { ...values, lotId: liveLot!, startsAt: new Date(now - HOUR).toISOString() },
        })
      ).json() as Item;
      await bid(live.id, 3_000_000, '+7 917 555-01-07');
      const [create] = await history(`/api/admin/content/auctions/${live.id}/`);
      expect(create).toMatchObject({ action: 'create', before: null });
      const refused = await call('POST', `/api/admin/content/revert/${create!.id}/`, {});
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ result: ['The auction has bids: it cannot be deleted. To stop it, set its result to "Cancelled".'] });
      expect(await shown(live.id)).toMatchObject({ bidCount: 1, status: 'live' });
    });

    it("the sales team's «sold» sells the lot in the same change: its row, and the lot's state on the site", async () => {
      const [lot] = await freeLots(1);
      const now = Date.now();
      const values = {
        lotId: lot!,
        startPrice: 3_000_000,
        minStep: 10_000,
        startsAt: new Date(now - 48 * HOUR).toISOString(),
        plannedEndsAt: new Date(now - HOUR).toISOString(),
        extendMinutes: 0,
        result: null,
      };
      const created = (await call('POST', '/api/admin/content/auctions/', { values })).json() as Item;
      const sold = await call('PUT', `/api/admin/content/auctions/${created.id}/`, { version: created.version, values: { ...values, result: 'sold' } });
      expect(sold.statusCode, sold.body).toBe(200);
      const rows = await t.services.database.db.execute<{ status: string }>(sql`select status from lots where id = ${lot!}`);
      expect(((Array.isArray(rows) ? rows : (rows as { rows: { status: string }[] }).rows) as { status: string }[])[0]?.status).toBe('sold');
      await t.services.catalogue.refresh();
      expect((await t.services.catalogue.lotsByIds([String(lot)], 'ru'))[0]?.status).toBe('sold');
    });
  });
});
