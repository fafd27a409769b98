/**
 * `npm run auctions:import -- FILE [--format json|csv] [--dry-run] [--json]`: announces, moves, closes or cancels
 * auctions in bulk (see docs/guides/imports.md, "Auctions import"; the back office changes one at a time by the same rules).
 * Every row is checked (schema, the catalogue's lots, the auctions already there); all are written in one
 * transaction, or nothing when one is rejected, each rejection naming its line (CSV) or row (JSON) and field.
 * Exit code 0: applied (or a clean dry run); 2: rows rejected, nothing applied; 1: the file could not be read.
 * With the embedded database stop the server first (one process per data directory).
 */
import { formatAuctionsReport, importAuctions } from '../server/modules/auctions/import.ts';
import { runRowImport } from './lib/row-import.ts';

await runRowImport({
  command: 'auctions:import',
  prune: false,
  run: (db, content, { format, dryRun }) => importAuctions(db, content, { format, dryRun }),
  format: formatAuctionsReport,
});
