import * as v from "valibot";
import { MessageSchema } from "../dist/index.js";
const row = (id: number) => ({ id, from_node: "lab-ovh", to_node: "droplet", kind: "fyi", content: "build 4711 finished: 312 tests passed", created_at: "2026-01-02T03:04:05.000Z", read_at: null, related_task_id: null, thread_id: null });
const rows = Array.from({ length: 20 }, (_, i) => row(i));
const Arr = v.array(MessageSchema);
const t = v.nullish(v.string());
const Plain = v.looseObject({ id: v.pipe(v.number(), v.integer()), from_node: v.string(), to_node: v.string(), kind: v.string(), created_at: v.string(), read_at: t, related_task_id: t, thread_id: t, content: t });
const NoPipe = v.looseObject({ id: v.number(), from_node: v.string(), to_node: v.string(), kind: v.string(), created_at: v.string(), read_at: t, related_task_id: t, thread_id: t, content: t });
const Strict = v.object({ id: v.number(), from_node: v.string(), to_node: v.string(), kind: v.string(), created_at: v.string(), read_at: t, related_task_id: t, thread_id: t, content: t });
const cases: Record<string, () => unknown> = {
  mapParse: () => rows.map((r) => v.parse(MessageSchema, r)),
  arrayParse: () => v.parse(Arr, rows),
  plainNullish: () => v.parse(v.array(Plain), rows),
  noPipe: () => v.parse(v.array(NoPipe), rows),
  strictObject: () => v.parse(v.array(Strict), rows),
  isValid: () => v.is(v.array(NoPipe), rows),
};
for (let k = 0; k < 2; k++) for (const [n, f] of Object.entries(cases)) {
  const s = process.hrtime.bigint();
  for (let i = 0; i < 20000; i++) f();
  console.log(n.padEnd(14), (Number(process.hrtime.bigint() - s) / 1000 / 20000).toFixed(1));
}
