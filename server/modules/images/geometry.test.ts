import { describe, expect, it } from 'vitest';
import { planResize } from './geometry.ts';

const src = { width: 1200, height: 800 };
const MAX = 4096;
const out = (...args: Parameters<typeof planResize>) => planResize(...args).output;

describe('resize planning (imgproxy rules)', () => {
  it('fit: inside the box, aspect kept, never enlarged unless asked', () => {
    expect(out(src, { width: 300, height: 300 }, MAX)).toEqual({ width: 300, height: 200 });
    expect(out(src, { width: 600 }, MAX)).toEqual({ width: 600, height: 400 });
    expect(out(src, { height: 100 }, MAX)).toEqual({ width: 150, height: 100 });
    expect(out(src, { width: 2400 }, MAX)).toEqual({ width: 1200, height: 800 });
    expect(out(src, { width: 2400, enlarge: true }, MAX)).toEqual({ width: 2400, height: 1600 });
    expect(out(src, {}, MAX)).toEqual(src);
  });

  it('fill: covers the box and crops the overflow', () => {
    const plan = planResize(src, { width: 300, height: 300, fit: 'fill' }, MAX);
    expect(plan.resize).toEqual({ width: 450, height: 300 });
    expect(plan.crop).toEqual({ width: 300, height: 300, left: 75, top: 0 });
    expect(out(src, { width: 2000, height: 1000, fit: 'fill' }, MAX)).toEqual({ width: 1200, height: 800 });
  });

  it('fill-down: a too-small source keeps the requested aspect ratio', () => {
    const plan = planResize(src, { width: 2000, height: 1000, fit: 'fill-down' }, MAX);
    expect(plan.resize).toEqual(src);
    expect(plan.output).toEqual({ width: 1200, height: 600 });
    expect(out(src, { width: 300, height: 300, fit: 'fill-down' }, MAX)).toEqual({ width: 300, height: 300 });
  });

  it('force: exactly the box, aspect ignored', () => {
    expect(out(src, { width: 300, height: 300, fit: 'force' }, MAX)).toEqual({ width: 300, height: 300 });
    expect(out(src, { width: 300, fit: 'force' }, MAX)).toEqual({ width: 300, height: 200 });
  });

  it('auto: fill when orientations match, fit otherwise', () => {
    expect(out(src, { width: 300, height: 200, fit: 'auto' }, MAX)).toEqual({ width: 300, height: 200 });
    expect(planResize(src, { width: 400, height: 300, fit: 'auto' }, MAX).crop).toBeDefined();
    expect(out(src, { width: 200, height: 300, fit: 'auto' }, MAX)).toEqual({ width: 200, height: 133 });
  });

  it('dpr multiplies the box', () => {
    expect(out(src, { width: 100, height: 100, fit: 'fill', dpr: 2 }, MAX)).toEqual({ width: 200, height: 200 });
    expect(out(src, { width: 100, dpr: 0.5 }, MAX)).toEqual({ width: 50, height: 33 });
  });

  it('places the crop by gravity', () => {
    const wide = { width: 300, height: 300, fit: 'fill' as const };
    const tall = { width: 300, height: 100, fit: 'fill' as const };
    const at = (o: object) => {
      const { left, top } = planResize(src, o, MAX).crop ?? { left: -1, top: -1 };
      return [left, top];
    };
    expect(at({ ...wide, position: 'we' })).toEqual([0, 0]);
    expect(at({ ...wide, position: 'ea' })).toEqual([150, 0]);
    expect(at({ ...wide, position: 'ce' })).toEqual([75, 0]);
    expect(at({ ...tall, position: 'no' })).toEqual([0, 0]);
    expect(at({ ...tall, position: 'so' })).toEqual([0, 100]);
    expect(at({ ...tall, position: 'ce' })).toEqual([0, 50]);
    expect(at({ ...wide, position: 'noea' })).toEqual([150, 0]);
    expect(at({ ...tall, position: 'sowe' })).toEqual([0, 100]);
    expect(at({ ...wide, position: { x: 1, y: 0.5 } })).toEqual([150, 0]);
    expect(at({ ...wide, position: { x: 0.5, y: 0.5 } })).toEqual([75, 0]);
    expect(at({ ...wide, position: { x: 0.4, y: 0 } })).toEqual([30, 0]);
    expect(planResize(src, { ...wide, position: 'sm' }, MAX).smart).toBe(true);
  });

  it('caps the output at the maximum dimension, keeping the same picture', () => {
    expect(out({ width: 10000, height: 5000 }, {}, 4096)).toEqual({ width: 4096, height: 2048 });
    expect(out(src, { width: 3000, height: 3000, fit: 'fill', enlarge: true }, 1000)).toEqual({ width: 1000, height: 1000 });
    expect(out(src, { width: 4000, dpr: 4, enlarge: true }, 4096)).toEqual({ width: 4096, height: 2730 });
  });
});

describe('crop before resizing (imgproxy crop:w:h:gravity)', () => {
  it('takes pixels, fractions or the whole side, placed by its gravity and kept inside the source', async () => {
    const { cropArea } = await import('./geometry.ts');
    expect(cropArea(src, { width: 600, height: 400 }, undefined)).toEqual({ width: 600, height: 400, left: 300, top: 200 });
    expect(cropArea(src, { width: 0.5, height: 0 }, undefined)).toEqual({ width: 600, height: 800, left: 300, top: 0 });
    expect(cropArea(src, { width: 0.5, height: 0.5, gravity: { x: 0.25, y: 0.25 } }, undefined)).toEqual({ width: 600, height: 400, left: 0, top: 0 });
    expect(cropArea(src, { width: 0.5, height: 0.5, gravity: { x: 1, y: 1 } }, undefined)).toEqual({ width: 600, height: 400, left: 600, top: 400 });
    expect(cropArea(src, { width: 0.5, height: 0.5 }, 'soea')).toEqual({ width: 600, height: 400, left: 600, top: 400 });
    expect(cropArea(src, { width: 5000, height: 5000 }, undefined)).toEqual({ width: 1200, height: 800, left: 0, top: 0 });
  });
});
