/**
 * `npm run offers:import -- FILE [--format json|csv] [--dry-run] [--prune] [--json]`: loads partner banks and
 * finance programmes (mortgages, special offers, instalment plans; see docs/guides/imports.md, "Offers import"). Every row
 * is checked; all are written in one transaction, or nothing when one is rejected. `--prune` also removes the
 * programmes the file does not list. Exit code 0: applied (or a clean dry run); 2: rows rejected, nothing
 * applied; 1: the file could not be read. A running server on PostgreSQL picks the change up within 30 s (its
 * finance cache); with the embedded database stop the server first (one process per data directory).
 */
import { formatOffersReport, importOffers } from '../server/modules/purchase/import.ts';
import { runRowImport } from './lib/row-import.ts';

await runRowImport({ command: 'offers:import', prune: true, run: importOffers, format: formatOffersReport });
