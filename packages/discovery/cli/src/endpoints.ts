import { CliError, EXIT_USAGE } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";

/**
 * Environment variables that replace a vendor's base address (for tests and proxies). Each is the
 * vendor's origin as the library's `baseUrl` takes it; the fallback model lists add `/v1` for
 * OpenAI and xAI.
 */
export const ENDPOINT_VARIABLES = {
  aimlapi: "DISCOVERY_AIMLAPI_URL",
  openai: "DISCOVERY_OPENAI_URL",
  deepseek: "DISCOVERY_DEEPSEEK_URL",
  xai: "DISCOVERY_XAI_URL",
  xaiManagement: "DISCOVERY_XAI_MGMT_URL",
  billing: "DISCOVERY_BILLING_URL",
  openaiCosts: "DISCOVERY_OPENAI_COSTS_URL",
  deepseekBalance: "DISCOVERY_DEEPSEEK_BALANCE_URL",
} as const;

export type EndpointName = keyof typeof ENDPOINT_VARIABLES;

/**
 * Services on a vendor's one origin that can be pointed elsewhere on their own (one fake server
 * each): when their variable is unset, the vendor's variable serves them too.
 */
const SHARED_ORIGIN: Partial<Record<EndpointName, EndpointName>> = {
  openaiCosts: "openai",
  deepseekBalance: "deepseek",
};

/** `--base-url` when given, else the endpoint's variable, else undefined (the library default). */
export function endpoint(
  context: CommandContext,
  name: EndpointName,
  flag?: string,
): string | undefined {
  const shared = SHARED_ORIGIN[name];
  const own = context.env(ENDPOINT_VARIABLES[name]);
  const variable =
    own === undefined && shared !== undefined
      ? ENDPOINT_VARIABLES[shared]
      : ENDPOINT_VARIABLES[name];
  const value = flag ?? context.env(variable);
  if (value === undefined) return undefined;
  if (!URL.canParse(value) || !/^https?:/.test(value)) {
    throw new CliError({
      message: `${flag === undefined ? variable : "--base-url"} is not an http(s) URL`,
      exitCode: EXIT_USAGE,
      hint: "give an address such as https://api.example.com",
    });
  }
  return value.replace(/\/+$/, "");
}

/** The catalog's address options: the aggregator and, when overridden, the fallback model lists. */
export function catalogEndpoints(
  context: CommandContext,
  baseUrlFlag: string | undefined,
): { baseUrl?: string; fallbackBaseUrls?: { openai?: string; deepseek?: string; xai?: string } } {
  const baseUrl = endpoint(context, "aimlapi", baseUrlFlag);
  const openai = endpoint(context, "openai");
  const deepseek = endpoint(context, "deepseek");
  const xai = endpoint(context, "xai");
  const fallbackBaseUrls = {
    ...(openai !== undefined ? { openai: `${openai}/v1` } : {}),
    ...(deepseek !== undefined ? { deepseek } : {}),
    ...(xai !== undefined ? { xai: `${xai}/v1` } : {}),
  };
  return {
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(Object.keys(fallbackBaseUrls).length > 0 ? { fallbackBaseUrls } : {}),
  };
}
