/**
 * The words of the sun-and-view passport (issue #41; docs/guides/insolation.md): the sides a lot's windows face
 * (`lots.windows` codes) and the view tags a window side carries.
 */
export const WINDOW_SIDES = ['north', 'east', 'south', 'west'] as const;
export type WindowSide = (typeof WINDOW_SIDES)[number];
export const isWindowSide = (code: string): code is WindowSide => (WINDOW_SIDES as readonly string[]).includes(code);

export const VIEW_TAGS = ['courtyard', 'park', 'water', 'street', 'city'] as const;
export type ViewTag = (typeof VIEW_TAGS)[number];
export const isViewTag = (code: string): code is ViewTag => (VIEW_TAGS as readonly string[]).includes(code);

/** View tags per window side of one lot; a side without windows is absent. */
export type WindowViews = Partial<Record<WindowSide, ViewTag[]>>;

/** The three display dates: 21 March, 22 June, 22 December (month 1-12, day). */
export const SUN_DATES = { march: [3, 21], june: [6, 22], december: [12, 22] } as const;
export type SunSeason = keyof typeof SUN_DATES;
export const SUN_SEASONS = Object.keys(SUN_DATES) as SunSeason[];
