import { describe, expect, it } from "vitest";
import { parseResults, summaryTable } from "./index.ts";

const met = {
  bench: "@mesh/names",
  figure: "normalizeNodeName vs a bare regex",
  value: "5.1 M/s",
  baseline: "bare regex 10.2 M/s",
  ratio: 0.5,
  target: ">= 0.25x",
  met: true,
};
const missed = {
  bench: "@mesh/gateway",
  figure: "inbox p99",
  value: "7 ms",
  target: "< 5 ms",
  met: false,
};

describe("summaryTable", () => {
  it("lists every result with its ratio, target and verdict, aligned in columns", () => {
    const lines = summaryTable([met, missed]).split("\n");
    expect(lines[0]).toMatch(/^bench\s+figure\s+value\s+baseline\s+ratio\s+target\s+verdict$/);
    const verdictColumn = lines[0]!.indexOf("verdict");
    expect(lines[2]!.indexOf("met")).toBe(verdictColumn);
    expect(lines[3]!.indexOf("MISSED")).toBe(verdictColumn);
    expect(lines[2]).toContain("0.50x");
    expect(lines[3]).toMatch(/7 ms\s+-\s+-\s+< 5 ms/);
  });

  it("ends with the count met and the figures missed", () => {
    expect(summaryTable([met, missed])).toContain("1 of 2 targets met; missed: inbox p99\n");
    expect(summaryTable([met])).toContain("1 of 1 targets met\n");
  });

  it("shows a figure without a target as informative, outside the count", () => {
    const info = { bench: "@mesh/gateway", figure: "two gateways / one", value: "1.8x" };
    const table = summaryTable([met, info]);
    expect(table).toMatch(/two gateways \/ one\s+1\.8x\s+-\s+-\s+-\s+-\n/);
    expect(table).toContain("1 of 1 targets met\n");
  });

  it("says so when no benchmark reported anything", () => {
    expect(summaryTable([])).toBe("no benchmark reported a result\n");
  });
});

describe("parseResults", () => {
  it("reads the JSON lines and skips torn or foreign ones", () => {
    const text = `${JSON.stringify(met)}\n{"figure":\nnot json\n{"other":1}\n${JSON.stringify(missed)}\n`;
    expect(parseResults(text)).toEqual([met, missed]);
  });
});
