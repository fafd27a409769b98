/** The sun-and-view passport (issue #41): what other modules use of it. */
export { insolationInputs, insolationMissing, insolationRowsOf, storeInsolation, type InsolationRun } from './store.ts';
