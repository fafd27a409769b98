/**
 * The generated demo originals (server/modules/images/demo-media.ts makes them), by role. Browser-safe, so pages
 * can name them; every one is a large original, so each variant the proxy serves is a real resize.
 */
export const DEMO_MEDIA = {
  hero: 'demo/hero.jpg',
  courtyard: 'demo/courtyard.jpg',
  interior: 'demo/interior.jpg',
  masterplan: 'demo/masterplan.jpg',
  /** The render-versus-photo pair (spec §1): the same building, framed identically. */
  renderDay: 'demo/render-day.jpg',
  photoDusk: 'demo/photo-dusk.jpg',
  floorPlan: 'demo/floor-plan.png',
} as const;

export type DemoMediaName = keyof typeof DEMO_MEDIA;

/** Every demo original is this size (16:10). */
export const DEMO_MEDIA_SIZE = { width: 3200, height: 2000 } as const;
