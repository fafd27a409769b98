import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeOrDrop } from './stream.ts';

describe('a flag stream whose client reads slowly or not at all', () => {
  it('is dropped once what it was sent before is still waiting, so nothing piles up for it', () => {
    // A socket that takes nothing: its first chunk never finishes writing.
    const stuck = new Writable({ highWaterMark: 1024, write: () => {} });
    let sent = 0;
    while (writeOrDrop(stuck, 'x'.repeat(300))) sent += 1;
    expect(stuck.destroyed).toBe(true);
    // Up to the buffer's mark (4 × 300 bytes ≥ 1024), then dropped at the next message.
    expect(sent).toBe(4);
    expect(writeOrDrop(stuck, 'data: \n\n')).toBe(false);
  });

  it('is dropped past the byte bound even before its buffer says it is full', () => {
    const stuck = new Writable({ highWaterMark: 1 << 20, write: () => {} });
    expect(writeOrDrop(stuck, 'x'.repeat(2048), 1024)).toBe(true);
    expect(writeOrDrop(stuck, 'data: \n\n', 1024)).toBe(false);
    expect(stuck.destroyed).toBe(true);
  });

  it('keeps a client that takes each message before the next', async () => {
    const received: string[] = [];
    const reader = new Writable({
      highWaterMark: 1024,
      write: (chunk: Buffer, _encoding, done) => {
        received.push(chunk.toString());
        setImmediate(done);
      },
    });
    for (let i = 0; i < 50; i++) {
      expect(writeOrDrop(reader, 'x'.repeat(2000))).toBe(true);
      await new Promise((resolve) => reader.once('drain', resolve));
    }
    expect(reader.destroyed).toBe(false);
    expect(received).toHaveLength(50);
  });
});
