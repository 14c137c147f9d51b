const t0 = performance.now();
const marks = [];
const step = async (name, fn) => {
  const a = performance.now();
  await fn();
  marks.push([name, performance.now() - a]);
};
await step("errors", () => import("@mesh/errors"));
await step("valibot", () => import("valibot"));
await step("protocol", () => import("@mesh/protocol"));
await step("names", () => import("@mesh/names"));
await step("secret-guard", () => import("@mesh/secret-guard"));
await step("crypto", () => import("node:crypto"));
await step("client", () => import("./dist/index.js"));
const { nodeHttpFetch } = await import("@mesh/names");
await step("http module", async () => process.getBuiltinModule("node:http"));
await step("GET /peers", async () => {
  const r = await nodeHttpFetch(process.env.MESH_GATEWAY_URL + "/peers", {
    headers: { authorization: "Bearer " + process.env.MESH_GATEWAY_TOKEN },
  });
  await r.text();
});
await step("GET /peers again", async () => {
  const r = await nodeHttpFetch(process.env.MESH_GATEWAY_URL + "/peers", {
    headers: { authorization: "Bearer " + process.env.MESH_GATEWAY_TOKEN },
  });
  await r.text();
});
marks.push(["process up to script", t0]);
console.log(JSON.stringify(marks));
