import { expect, it } from "vitest";
import { createLoggerSetup, type GatewayLogEntry } from "./request-logger.js";

it("redacts tokens and message content at the logger, wherever they are logged", () => {
  const lines: GatewayLogEntry[] = [];
  const setup = createLoggerSetup((entry) => lines.push(entry));
  if (!("loggerInstance" in setup.fastify)) throw new Error("expected a logger instance");
  const logger = setup.fastify.loggerInstance;
  logger.info(
    {
      req: { headers: { authorization: "Bearer mesh_secret" } },
      body: { content: "private words", token: "mesh_secret" },
      peer: "alice",
    },
    "request",
  );
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ level: "info", msg: "request", peer: "alice" });
  expect(lines[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT/);
  const text = JSON.stringify(lines);
  expect(text).not.toContain("mesh_secret");
  expect(text).not.toContain("private words");
});
