import { compileErrors, validate } from "@readme/openapi-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument, type RunningGateway, startGateway } from "../src/index.js";
import { ADMIN_TOKEN, type CallResult, call, register, send } from "./helpers.js";

type Operation = {
  operationId?: string;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components: unknown };

const document = buildOpenApiDocument() as unknown as Document;

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("names every operation with a unique operationId", () => {
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(ids.every((id) => typeof id === "string" && id !== "")).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("live responses against the OpenAPI document", () => {
  let gateway: RunningGateway;
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: "mesh", components: document.components });

  /** Asserts a live response has a documented status and, for JSON, the documented shape. */
  const conforms = (path: string, method: string, result: CallResult) => {
    const operation = document.paths[path]?.[method];
    expect(operation, `${method} ${path} is documented`).toBeDefined();
    const response = operation!.responses[String(result.status)];
    expect(response, `${method} ${path} documents ${result.status}`).toBeDefined();
    const schema = response!.content?.["application/json"]?.schema as { $ref?: string };
    if (schema?.$ref === undefined) return;
    const check = ajv.compile({ $ref: `mesh${schema.$ref}` });
    expect(
      check(result.json),
      `${method} ${path} ${result.status}: ${ajv.errorsText(check.errors)}`,
    ).toBe(true);
  };

  beforeAll(async () => {
    gateway = await startGateway({
      port: 0,
      database: ":memory:",
      adminToken: ADMIN_TOKEN,
      logger: false,
    });
  });
  afterAll(() => gateway.close());

  it("refuses a body of the wrong shape (the check is not vacuous)", () => {
    expect(ajv.compile({ $ref: "mesh#/components/schemas/Peer" })({ name: 5 })).toBe(false);
    expect(ajv.compile({ $ref: "mesh#/components/schemas/Error" })({ error: "x" })).toBe(false);
  });

  it("matches for every operation's success and error answers", async () => {
    conforms("/peers/register", "post", await register(gateway, "contract-a"));
    conforms("/peers/register", "post", await register(gateway, "contract-a"));
    conforms("/peers/register", "post", await register(gateway, "Bad Name"));
    await register(gateway, "contract-b");
    conforms("/peers", "get", await call(gateway, "GET", "/peers"));
    conforms("/peers", "get", await call(gateway, "GET", "/peers", { token: "wrong" }));
    const sent = await send(gateway, { from_node: "contract-a", to_node: "contract-b" });
    conforms("/messages", "post", sent);
    conforms(
      "/messages",
      "post",
      await send(gateway, { from_node: "contract-a", to_node: "nobody-here" }),
    );
    conforms(
      "/messages",
      "post",
      await send(gateway, { from_node: "contract-a", to_node: "contract-b", content: ADMIN_TOKEN }),
    );
    conforms("/messages", "get", await call(gateway, "GET", "/messages?to=contract-b"));
    conforms("/messages", "get", await call(gateway, "GET", "/messages?limit=0"));
    conforms(
      "/messages/{msg_id}/read",
      "post",
      await call(gateway, "POST", `/messages/${sent.json.id}/read`),
    );
    conforms(
      "/messages/{msg_id}/read",
      "post",
      await call(gateway, "POST", "/messages/999999/read"),
    );
    conforms(
      "/peers/{name}",
      "patch",
      await call(gateway, "PATCH", "/peers/contract-b", { body: { enabled: true } }),
    );
    const issued = await call(gateway, "POST", "/admin/tokens", { body: { peer: "contract-a" } });
    conforms("/admin/tokens", "post", issued);
    conforms("/admin/tokens", "get", await call(gateway, "GET", "/admin/tokens"));
    conforms("/admin/tokens", "get", await call(gateway, "GET", "/admin/tokens?limit=0"));
    conforms(
      "/admin/tokens",
      "get",
      await call(gateway, "GET", "/admin/tokens", { token: issued.json.token }),
    );
    conforms(
      "/peers/{name}",
      "patch",
      await call(gateway, "PATCH", "/peers/contract-b", {
        body: { enabled: false },
        token: issued.json.token,
      }),
    );
    conforms(
      "/admin/tokens/{peer}",
      "delete",
      await call(gateway, "DELETE", "/admin/tokens/contract-a"),
    );
    conforms("/metrics", "get", await call(gateway, "GET", "/metrics"));
    conforms("/health", "get", await call(gateway, "GET", "/health", { token: null }));
  });
});
