import { describe, expect, it } from 'vitest';
import { mergeMetrics, processLines, unclassifiedGauges } from './metrics-merge.ts';

const one = `# HELP page_cache_answers_total Pages answered from a kept copy.
# TYPE page_cache_answers_total counter
page_cache_answers_total{result="hit"} 3
page_cache_answers_total{result="miss"} 2
# HELP page_cache_bytes Memory the kept pages take (bytes).
# TYPE page_cache_bytes gauge
page_cache_bytes 1000
# HELP lead_deliveries_pending Deliveries not yet acknowledged, by channel.
# TYPE lead_deliveries_pending gauge
lead_deliveries_pending{channel="crm"} 4
`;
const two = `# HELP page_cache_answers_total Pages answered from a kept copy.
# TYPE page_cache_answers_total counter
page_cache_answers_total{result="hit"} 10
page_cache_answers_total{result="bypass"} 1
# HELP page_cache_bytes Memory the kept pages take (bytes).
# TYPE page_cache_bytes gauge
page_cache_bytes 500
# HELP lead_deliveries_pending Deliveries not yet acknowledged, by channel.
# TYPE lead_deliveries_pending gauge
lead_deliveries_pending{channel="crm"} 5
`;

describe('mergeMetrics', () => {
  it("sums counters and each process's gauges, and reads a gauge of the shared database once", () => {
    expect(mergeMetrics([one, two])).toBe(`# HELP page_cache_answers_total Pages answered from a kept copy.
# TYPE page_cache_answers_total counter
page_cache_answers_total{result="hit"} 13
page_cache_answers_total{result="miss"} 2
page_cache_answers_total{result="bypass"} 1
# HELP page_cache_bytes Memory the kept pages take (bytes).
# TYPE page_cache_bytes gauge
page_cache_bytes 1500
# HELP lead_deliveries_pending Deliveries not yet acknowledged, by channel.
# TYPE lead_deliveries_pending gauge
lead_deliveries_pending{channel="crm"} 5
`);
  });

  it('gives one process’s text back as it was, label values with spaces included', () => {
    const text = `# HELP x_total An x.\n# TYPE x_total counter\nx_total{reason="a b"} 1\n`;
    expect(mergeMetrics([text])).toBe(text);
    expect(mergeMetrics([one])).toBe(one);
  });

  it('names a gauge neither list classifies', () => {
    expect(unclassifiedGauges(one)).toEqual([]);
    expect(unclassifiedGauges('# TYPE queue_depth gauge\nqueue_depth 1\n')).toEqual(['queue_depth']);
    // The processes' own line, added after the merge, is not merged.
    expect(unclassifiedGauges(processLines(1, 0))).toEqual([]);
  });

  it('says how many processes answered', () => {
    expect(processLines(2, 0)).toContain('server_processes{state="answered"} 2\nserver_processes{state="missing"} 0\n');
  });
});
