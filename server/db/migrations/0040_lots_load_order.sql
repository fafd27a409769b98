-- The catalogue's load reads every lot in the lot index's order (project, building, section, floor, place, id:
-- server/modules/catalogue/snapshot-lots.ts). Without an index in that order PostgreSQL sorted each chunk of 50,000
-- lots before sending its first row, and the server waited: at a million lots the read took 6.7 s, half of it waiting
-- (docs/performance.md, 2026-12-01). Read along this index the rows come as soon as the read starts, while the server
-- turns the earlier ones into columns.
CREATE INDEX "lots_load_order_idx" ON "lots" USING btree ("project_id","building_id","section_id","floor","position","id");
