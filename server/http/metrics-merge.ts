/**
 * `/metrics` of several server processes as one (ADR 036): each process renders its own Prometheus text, and the
 * process that took the scrape merges them, so a scraper sees the instance's figures whichever process answers.
 *
 * Per family, by what its figure is (prom-client's cluster aggregator makes the same choice per metric):
 * - **summed**: counters, and the gauges of what each process holds (its page cache's bytes, its open flag streams,
 *   the events it buffers);
 * - **read once**: gauges read from the database every process shares (queues, the oldest pending delivery, an
 *   adapter's pause). Each process reads the same rows; summing would count them once per process. The largest value
 *   is kept (the processes read a moment apart).
 *
 * A gauge must be in one list or the other: `unclassifiedGauges` names any that is in neither (a unit test holds
 * that every gauge the site renders is classified).
 */

/** Gauges read from the shared database: the same figure in every process. */
export const SHARED_GAUGES: ReadonlySet<string> = new Set([
  'lead_deliveries_pending',
  'lead_delivery_oldest_pending_seconds',
  'lead_delivery_max_attempts',
  'crm_deliveries_queued',
  'crm_deliveries_failing',
  'crm_deliveries_delivered',
  'crm_adapter_paused',
]);

/** Gauges of what each process holds itself: the instance's figure is their sum. */
export const PROCESS_GAUGES: ReadonlySet<string> = new Set([
  'experiment_events_buffered',
  'flag_streams_open',
  'page_cache_bytes',
  'page_cache_entries',
  'load_in_flight',
  'load_in_flight_limit',
  'load_queue_waiting',
]);

type Family = { name: string; help?: string; type?: string; samples: Map<string, number> };

/** The family a sample belongs to: its name, less a histogram's or summary's suffix when that family is declared. */
function familyOf(sample: string, families: Map<string, Family>): string {
  if (families.has(sample)) return sample;
  const base = sample.replace(/_(?:bucket|sum|count)$/, '');
  return families.has(base) ? base : sample;
}

/** Parses one process's text into `families` (in order of first appearance), combining each sample by `combine`. */
function read(text: string, families: Map<string, Family>, combine: (family: Family, previous: number, value: number) => number): void {
  const family = (name: string) => {
    let found = families.get(name);
    if (!found) families.set(name, (found = { name, samples: new Map() }));
    return found;
  };
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const target = family(meta[2]!);
      if (meta[1] === 'HELP') target.help ??= meta[3];
      else target.type ??= meta[3];
      continue;
    }
    if (line.startsWith('#')) continue;
    // `name{labels} value` or `name value` (label values may hold spaces: the value is the last field).
    const space = line.lastIndexOf(' ');
    if (space <= 0) continue;
    const series = line.slice(0, space);
    const value = Number(line.slice(space + 1));
    const name = series.replace(/\{.*$/, '');
    const target = family(familyOf(name, families));
    const previous = target.samples.get(series);
    target.samples.set(series, previous === undefined ? value : combine(target, previous, value));
  }
}

const formatValue = (value: number) => (Number.isNaN(value) ? 'NaN' : Number.isFinite(value) ? String(value) : value > 0 ? '+Inf' : '-Inf');

/** The processes' texts as one: counters and process gauges summed, shared gauges read once (their largest). */
export function mergeMetrics(texts: string[]): string {
  const families = new Map<string, Family>();
  for (const text of texts)
    read(text, families, (family, previous, value) =>
      family.type === 'gauge' && SHARED_GAUGES.has(family.name) ? Math.max(previous, value) : previous + value,
    );
  let out = '';
  for (const family of families.values()) {
    if (family.help !== undefined) out += `# HELP ${family.name} ${family.help}\n`;
    if (family.type !== undefined) out += `# TYPE ${family.name} ${family.type}\n`;
    for (const [series, value] of family.samples) out += `${series} ${formatValue(value)}\n`;
  }
  return out;
}

/** The gauge the answering process adds after the merge (`processLines`): never merged itself. */
const PROCESSES_GAUGE = 'server_processes';

/** Gauges in `text` that neither list classifies (whose merge would be a guess). */
export function unclassifiedGauges(text: string): string[] {
  return [...text.matchAll(/^# TYPE (\S+) gauge$/gm)]
    .map((m) => m[1]!)
    .filter((name) => name !== PROCESSES_GAUGE && !SHARED_GAUGES.has(name) && !PROCESS_GAUGES.has(name));
}

/** The lines that say how many processes a merged answer covers, and how many did not answer in time. */
export function processLines(answered: number, missing: number): string {
  return (
    `# HELP ${PROCESSES_GAUGE} Server processes of this instance, by whether their figures are in this answer.\n` +
    `# TYPE ${PROCESSES_GAUGE} gauge\n` +
    `${PROCESSES_GAUGE}{state="answered"} ${answered}\n` +
    `${PROCESSES_GAUGE}{state="missing"} ${missing}\n`
  );
}
