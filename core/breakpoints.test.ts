import { describe, expect, it } from 'vitest';
import { breakpointNameForWidth, DEVICE_BREAKPOINTS, deviceBreakpoint, ROUTING_BREAKPOINTS, UTILITY_BREAKPOINTS } from './breakpoints.ts';

describe('breakpoints (spec §9)', () => {
  it('holds the three sets', () => {
    expect(ROUTING_BREAKPOINTS).toEqual({ mobile: 0, 'tablet-sm': 768, s_tablet: 920, tablet: 1024, laptop: 1280, desktop: 1440, ultra: 1921 });
    expect(DEVICE_BREAKPOINTS).toEqual({ mobile: 767, tablet: 1279, laptop: 1439, desktop: 1920 });
    expect(UTILITY_BREAKPOINTS).toEqual({ xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 });
  });

  it('names a width by the routing set, lower bounds inclusive', () => {
    const cases: [number, string][] = [
      [0, 'mobile'],
      [767, 'mobile'],
      [768, 'tablet-sm'],
      [919, 'tablet-sm'],
      [920, 's_tablet'],
      [1024, 'tablet'],
      [1279, 'tablet'],
      [1280, 'laptop'],
      [1440, 'desktop'],
      [1920, 'desktop'],
      [1921, 'ultra'],
    ];
    for (const [width, name] of cases) expect(breakpointNameForWidth(width)).toBe(name);
  });

  it('flags pc and tablets by the device set', () => {
    expect(deviceBreakpoint(375, true)).toEqual({ name: 'mobile', pc: false, tablets: false, realName: true });
    expect(deviceBreakpoint(768, false)).toEqual({ name: 'tablet-sm', pc: false, tablets: true, realName: false });
    expect(deviceBreakpoint(1279, true)).toMatchObject({ pc: false, tablets: true });
    expect(deviceBreakpoint(1280, true)).toMatchObject({ name: 'laptop', pc: true, tablets: false });
  });
});
