import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { metricSum, parseMetrics } from "./parse-metrics.js";

const EXPOSITION = [
  "# HELP mesh_gateway_open_streams Open message streams.",
  "# TYPE mesh_gateway_open_streams gauge",
  "mesh_gateway_open_streams 3",
  'mesh_gateway_rate_limited_total{route="/messages"} 2',
  'mesh_gateway_rate_limited_total{route="/peers"} 5',
  'mesh_gateway_oldest_unread_seconds{peer="bob"} 125.5',
  'mesh_gateway_oldest_unread_seconds{peer="other"} 7',
  'mesh_gateway_send_duration_seconds_bucket{le="+Inf"} 10',
  "",
  "not a sample line at all {",
].join("\n");

describe("parseMetrics", () => {
  it.each<[string, string, number | undefined]>([
    ["a gauge", "mesh_gateway_open_streams", 3],
    ["a counter with labels, summed", "mesh_gateway_rate_limited_total", 7],
    ["a metric the gateway does not expose", "mesh_gateway_unread_messages", undefined],
  ])("reads %s", (_, name, expected) => {
    expect(metricSum(parseMetrics(EXPOSITION), name)).toBe(expected);
  });

  it("keeps each sample's labels", () => {
    expect(parseMetrics(EXPOSITION).get("mesh_gateway_oldest_unread_seconds")).toEqual([
      { labels: { peer: "bob" }, value: 125.5 },
      { labels: { peer: "other" }, value: 7 },
    ]);
    expect(parseMetrics(EXPOSITION).get("mesh_gateway_send_duration_seconds_bucket")).toEqual([
      { labels: { le: "+Inf" }, value: 10 },
    ]);
  });

  it("reads back any label value the exposition format can escape", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc
          .double({ noNaN: true, noDefaultInfinity: true })
          .map((value) => (Object.is(value, -0) ? 0 : value)),
        (label, value) => {
          const escaped = label.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
          const parsed = parseMetrics(`m{a="${escaped}",b="x"} ${value}\n`);
          expect(parsed.get("m")).toEqual([{ labels: { a: label, b: "x" }, value }]);
        },
      ),
    );
  });

  it("never throws on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(parseMetrics(text)).toBeInstanceOf(Map);
      }),
    );
  });
});
