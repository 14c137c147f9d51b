import * as v from "valibot";
import { MessageSchema } from "../dist/index.js";
const row = (id: number) => ({ id, from_node: "lab-ovh", to_node: "droplet", kind: "fyi", content: "build 4711 finished: 312 tests passed", created_at: "2026-01-02T03:04:05.000Z", read_at: null, related_task_id: null, thread_id: null });
const rows = Array.from({ length: 20 }, (_, i) => row(i));
const text = JSON.stringify({ messages: rows });
const List = v.union([v.array(v.unknown()), v.object({ messages: v.array(v.unknown()) })]);
for (let k = 0; k < 3; k++) {
  let s = process.hrtime.bigint();
  for (let i = 0; i < 20000; i++) JSON.parse(text);
  console.log("parse", Number(process.hrtime.bigint() - s) / 1000 / 20000);
  s = process.hrtime.bigint();
  for (let i = 0; i < 20000; i++) { const d = JSON.parse(text); const l = v.parse(List, d); (l as {messages: unknown[]}).messages.map((r) => v.parse(MessageSchema, r)); }
  console.log("parse+valibot", Number(process.hrtime.bigint() - s) / 1000 / 20000);
}
