/**
 * Preloaded with `--import` (scripts/surfaces.ts): the process's clock starts at FIXED_CLOCK and runs a thousand
 * times slower than real time, so two runs minutes apart stamp and show the same instants to the second.
 */
const start = Date.parse(process.env.FIXED_CLOCK ?? '');
if (Number.isNaN(start)) throw new Error('FIXED_CLOCK must be an ISO date');
const real = performance.now();
const now = (): number => start + Math.floor((performance.now() - real) / 1000);
const RealDate = Date;
class FixedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(now());
    else super(...(args as [string]));
  }
  static override now(): number {
    return now();
  }
}
globalThis.Date = FixedDate as DateConstructor;
