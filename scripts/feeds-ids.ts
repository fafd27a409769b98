/**
 * `npm run feeds:ids -- FILE [--format json|csv] [--dry-run] [--prune] [--json]`: loads each portal's ids of the
 * buildings (Yandex building and house ids, CIAN complex and house, Avito development, DomClick complex and house;
 * see docs/guides/imports.md, "Portal ids import"). Every row is checked; all are written in one transaction, or nothing when
 * one is rejected. `--prune` also removes the ids the file does not list. Exit code 0: applied (or a clean dry
 * run); 2: rows rejected, nothing applied; 1: the file could not be read. With the embedded database stop the
 * server first (one process per data directory).
 */
import { formatIdsReport, importPortalIds } from '../server/modules/feeds/ids.ts';
import { runRowImport } from './lib/row-import.ts';

await runRowImport({ command: 'feeds:ids', prune: true, run: importPortalIds, format: formatIdsReport });
