/** The completion formatter lives with the other catalogue formatters (one spelling on every surface). */
export { completionText } from '#core/catalogue/format.ts';
