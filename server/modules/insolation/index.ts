/** The sun-and-view passport (issue #41): what other modules use of it. */
export { hasInsolation, insolationInputs, insolationRowsOf, storeInsolation, type InsolationRun } from './store.ts';
