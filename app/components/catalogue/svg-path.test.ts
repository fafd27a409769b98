import { describe, expect, it } from 'vitest';
import { pathBounds, pathPoints } from './svg-path.ts';

describe('pathBounds', () => {
  it('boxes a closed polygon', () => {
    expect(pathBounds('M 100 200 L 300 200 L 300 500 L 100 500 Z')).toEqual({ x: 100, y: 200, width: 200, height: 300, cx: 200, cy: 350 });
  });

  it('follows relative, horizontal and vertical commands', () => {
    expect(pathPoints('m10,10 h20 v30 h-20 z')).toEqual([
      [10, 10],
      [30, 10],
      [30, 40],
      [10, 40],
    ]);
  });

  it('counts curve control points and implicit repeats', () => {
    const box = pathBounds('M0 0 C 10 -10 20 -10 30 0 L 30 20 40 20');
    expect(box).toMatchObject({ x: 0, y: -10, width: 40, height: 30 });
  });

  it('gives null for empty data', () => {
    expect(pathBounds('')).toBeNull();
  });
});
