/** Latency summaries in milliseconds. */
export interface Summary {
  count: number;
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of an ascending array: the smallest sample with at least q of all samples at or below it. */
export const percentile = (sorted: readonly number[], q: number): number => {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
};

export const summarize = (samples: readonly number[]): Summary => {
  const sorted = [...samples].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    mean: sorted.length ? total / sorted.length : Number.NaN,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
};

/** Rounds to 0.01 ms so the JSON stays readable. */
export const roundSummary = (summary: Summary): Summary => {
  const r = (value: number) => Math.round(value * 100) / 100;
  return {
    count: summary.count,
    mean: r(summary.mean),
    p50: r(summary.p50),
    p90: r(summary.p90),
    p95: r(summary.p95),
    p99: r(summary.p99),
    max: r(summary.max),
  };
};
