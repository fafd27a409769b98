/**
 * The three breakpoint sets of spec §9, in CSS pixels.
 * - routing: the lower bound of each named layout the pages switch between;
 * - device: the upper bound of each device class (mobile ≤ 767, tablet ≤ 1279…);
 * - utility: Tailwind's screens, which the image widths ladder follows as well.
 */
export const ROUTING_BREAKPOINTS = {
  mobile: 0,
  'tablet-sm': 768,
  s_tablet: 920,
  tablet: 1024,
  laptop: 1280,
  desktop: 1440,
  ultra: 1921,
} as const;

export const DEVICE_BREAKPOINTS = { mobile: 767, tablet: 1279, laptop: 1439, desktop: 1920 } as const;

export const UTILITY_BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;

export type BreakpointName = keyof typeof ROUTING_BREAKPOINTS;

/** Routing names from the widest down, so the first lower bound a width reaches wins. */
const ROUTING_DESCENDING = (Object.entries(ROUTING_BREAKPOINTS) as [BreakpointName, number][]).sort((a, b) => b[1] - a[1]);

export function breakpointNameForWidth(width: number): BreakpointName {
  for (const [name, min] of ROUTING_DESCENDING) if (width >= min) return name;
  return 'mobile';
}

/** A desktop-class screen: wider than the device set's tablet. */
export function isPcWidth(width: number): boolean {
  return width > DEVICE_BREAKPOINTS.tablet;
}

/** A tablet-class screen: between the device set's mobile and tablet bounds. */
export function isTabletWidth(width: number): boolean {
  return width > DEVICE_BREAKPOINTS.mobile && width <= DEVICE_BREAKPOINTS.tablet;
}

/** Spec §3 "breakpoint (name, pc, tablets, real-name flag)". */
export type DeviceBreakpoint = {
  name: BreakpointName;
  pc: boolean;
  tablets: boolean;
  /** True when the name comes from a measured viewport, false when guessed from the user agent. */
  realName: boolean;
};

export function deviceBreakpoint(width: number, realName: boolean): DeviceBreakpoint {
  return { name: breakpointNameForWidth(width), pc: isPcWidth(width), tablets: isTabletWidth(width), realName };
}
