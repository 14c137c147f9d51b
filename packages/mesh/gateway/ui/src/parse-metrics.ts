/** One sample of a Prometheus text exposition: its labels and value. */
export interface MetricSample {
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([A-Za-z_:][A-Za-z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /\s*([A-Za-z_][A-Za-z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/y;
const ESCAPES: Record<string, string> = { n: "\n", "\\": "\\", '"': '"' };

/**
 * The samples of `GET /metrics` (Prometheus text format 0.0.4) by metric name; comments,
 * blank lines and lines that are not samples are skipped, so a newer gateway's extra lines do
 * no harm.
 */
export function parseMetrics(text: string): Map<string, MetricSample[]> {
  const metrics = new Map<string, MetricSample[]>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = SAMPLE.exec(line);
    if (match === null) continue;
    const [, name = "", rawLabels, rawValue = ""] = match;
    const labels = rawLabels === undefined ? {} : parseLabels(rawLabels);
    const value =
      rawValue === "+Inf" ? Infinity : rawValue === "-Inf" ? -Infinity : Number(rawValue);
    if (labels === undefined || Number.isNaN(value)) continue;
    const samples = metrics.get(name);
    if (samples === undefined) metrics.set(name, [{ labels, value }]);
    else samples.push({ labels, value });
  }
  return metrics;
}

function parseLabels(text: string): Record<string, string> | undefined {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const start = LABEL.lastIndex;
    const match = LABEL.exec(text);
    if (match === null || LABEL.lastIndex === start) return undefined;
    const [, key = "", value = ""] = match;
    labels[key] = value.replace(/\\(.)/g, (whole, char: string) => ESCAPES[char] ?? whole);
  }
  return labels;
}

/** The sum of a metric's samples, or `undefined` when the gateway does not expose it. */
export function metricSum(metrics: Map<string, MetricSample[]>, name: string): number | undefined {
  const samples = metrics.get(name);
  return samples === undefined ? undefined : samples.reduce((sum, s) => sum + s.value, 0);
}
