/**
 * Keyboard focus on a shape over a picture (a lot on a floor plan, a building on the master plan, a floor on the
 * facade) is a 3–4 px line along the shape, not a change of fill: WCAG 2.4.7 (focus visible) and 1.4.11 (3:1 against
 * what is around it). The link around the shape carries `group`; shapes draw with `vector-effect: non-scaling-stroke`,
 * so the width is in screen pixels at any size.
 */
/**
 * On a drawing (the floor plan: light rooms, near-black walls along the lots' edges): an ink line (about 15:1 on
 * white, over 3:1 on every status fill) with a white halo, so the line stands out where it runs along a wall too.
 */
export const SHAPE_FOCUS_ON_LIGHT =
  'group-focus-visible:stroke-ink group-focus-visible:stroke-[3] group-focus-visible:[filter:drop-shadow(0_0_1.5px_#fff)_drop-shadow(0_0_1.5px_#fff)]';
/** On a photograph or render (light sky, dark walls): a white line with a black halo, so one of the two always stands out. */
export const SHAPE_FOCUS_ON_PHOTO =
  'group-focus-visible:stroke-white group-focus-visible:stroke-[4] group-focus-visible:[filter:drop-shadow(0_0_1px_#000)_drop-shadow(0_0_1px_#000)]';
