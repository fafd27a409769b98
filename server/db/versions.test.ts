import { describe, expect, it } from 'vitest';
import type { ChannelHandlers } from './notify.ts';
import type { Db } from './client.ts';
import { createDataVersions, DATA_VERSIONS_CHANNEL } from './versions.ts';

/** A database whose `data_versions` rows the test sets, and whose reads it can hold. */
function fakeDb() {
  const rows = new Map<string, number>([['catalogue', 1]]);
  let reads = 0;
  let hold: Promise<void> | null = null;
  const db = {
    select: () => ({
      from: async () => {
        reads += 1;
        const snapshot = [...rows].map(([kind, version]) => ({ kind, version }));
        if (hold) await hold;
        return snapshot;
      },
    }),
  } as unknown as Db;
  return {
    db,
    rows,
    reads: () => reads,
    holdReads() {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('data versions with notifications', () => {
  it('listens on the data_versions channel when the database can, checks at once on a notification, and closes on stop', async () => {
    const fake = fakeDb();
    let handlers: ChannelHandlers | undefined;
    let channel = '';
    let closed = false;
    const versions = createDataVersions(fake.db, undefined, {
      listen: (name, h) => {
        channel = name;
        handlers = h;
        return { listening: true, close: async () => void (closed = true) };
      },
    });
    const heard: string[][] = [];
    versions.onChange((kinds) => heard.push(kinds));
    await versions.start(600_000);
    expect(channel).toBe(DATA_VERSIONS_CHANNEL);
    fake.rows.set('catalogue', 2);
    handlers!.onNotify('catalogue');
    await tick();
    expect(versions.get('catalogue')).toBe(2);
    expect(heard).toEqual([['catalogue']]);
    versions.stop();
    expect(closed).toBe(true);
  });

  it('reads once more when a notification comes during a read that may have begun before its commit', async () => {
    const fake = fakeDb();
    let handlers: ChannelHandlers | undefined;
    const versions = createDataVersions(fake.db, undefined, { listen: (_name, h) => ((handlers = h), { listening: true, close: async () => {} }) });
    await versions.start(600_000);
    const release = fake.holdReads();
    const first = versions.check();
    // The commit lands after the read took its rows, and its notification while the read is still under way.
    fake.rows.set('catalogue', 5);
    handlers!.onNotify('catalogue');
    release();
    const reads = fake.reads();
    await first;
    await tick();
    expect(fake.reads()).toBe(reads + 1);
    expect(versions.get('catalogue')).toBe(5);
    versions.stop();
  });

  it('without notifications (the embedded database) only polls', async () => {
    const fake = fakeDb();
    const versions = createDataVersions(fake.db);
    await versions.start(20);
    const before = fake.reads();
    fake.rows.set('catalogue', 3);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(fake.reads()).toBeGreaterThan(before);
    expect(versions.get('catalogue')).toBe(3);
    versions.stop();
  });
});
