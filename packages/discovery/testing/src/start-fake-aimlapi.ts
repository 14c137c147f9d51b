import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type FakeServer, startFakeServer } from "./start-fake-server.js";

/** One entry of the AIMLAPI model list in the older (January 2026) shape; extra keys pass through. */
export interface AimlapiModelEntry {
  id: string;
  type?: string;
  info?: {
    name?: string;
    developer?: string;
    description?: string;
    contextLength?: number | null;
    maxTokens?: number;
    url?: string;
    docs_url?: string;
    [key: string]: unknown;
  };
  features?: string[];
  endpoints?: string[];
  [key: string]: unknown;
}

/** The AIMLAPI `GET /models` body: `{ object: "list", data }`. */
export interface AimlapiModelList {
  object: string;
  data: AimlapiModelEntry[];
}

const CAPTURE_URL = new URL("../fixtures/aimlapi-models-2026-01.json", import.meta.url);
let captureText: string | undefined;

/** Absolute path of the real 440-entry AIMLAPI capture (January 2026, https://docs.aimlapi.com). */
export function aimlapiCapturePath(): string {
  return fileURLToPath(CAPTURE_URL);
}

/**
 * The real AIMLAPI `GET /models` response captured in January 2026: 440
 * entries in the older shape (`features`, `endpoints`, `info.maxTokens`). A
 * fresh deep copy on every call, so tests may edit it freely.
 */
export function aimlapiCapture(): AimlapiModelList {
  captureText ??= readFileSync(CAPTURE_URL, "utf8");
  return JSON.parse(captureText) as AimlapiModelList;
}

/** Options of {@link startFakeAimlapi}. */
export interface FakeAimlapiOptions {
  /**
   * Entries served (any JSON values, so tests can serve malformed ones).
   * Default: the 440 entries of {@link aimlapiCapture}.
   */
  models?: readonly unknown[];
  /**
   * Body form: `list` serves `{ "object": "list", "data": [...] }` (the current
   * API), `array` a bare array (an older documented schema). Default `list`.
   */
  shape?: "list" | "array";
}

/** A running fake AIMLAPI; `setModels` and `setShape` change what later requests get. */
export interface FakeAimlapi extends FakeServer {
  /** How many requests reached the three model-list paths since the start or the last `reset()`. */
  modelListRequests(): number;
  /** Serves these entries from now on. */
  setModels(models: readonly unknown[]): void;
  /** Serves this body form from now on. */
  setShape(shape: "list" | "array"): void;
}

const MODEL_LIST_PATHS = new Set(["/models", "/v1/models", "/api/v1/models"]);

/**
 * A fake AIMLAPI on 127.0.0.1: `GET /models`, `/v1/models` and
 * `/api/v1/models` serve the same model list (no key needed, like the real
 * one); other paths get 404 and other methods 405. Use `enqueue`/`failAll`
 * for outages, delays, drops and malformed bodies.
 */
export async function startFakeAimlapi(options: FakeAimlapiOptions = {}): Promise<FakeAimlapi> {
  let models: readonly unknown[] = options.models ?? aimlapiCapture().data;
  let shape = options.shape ?? "list";
  const server = await startFakeServer((request) => {
    if (!MODEL_LIST_PATHS.has(request.path)) {
      return { status: 404, json: { message: `Cannot ${request.method} ${request.path}` } };
    }
    if (request.method !== "GET") {
      return { status: 405, json: { message: `Method ${request.method} not allowed` } };
    }
    return { json: shape === "array" ? models : { object: "list", data: models } };
  });
  return Object.assign(server, {
    modelListRequests: () => server.requests.filter((r) => MODEL_LIST_PATHS.has(r.path)).length,
    setModels: (next: readonly unknown[]) => {
      models = next;
    },
    setShape: (next: "list" | "array") => {
      shape = next;
    },
  });
}
