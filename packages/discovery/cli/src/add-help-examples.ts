import type { Command } from "@mesh/cli-kit";
import { addExamplesByPath, type CommandExample } from "@mesh/cli-kit";

/** Examples by command path (`price list` is the `list` command under `price`). */
const EXAMPLES: Readonly<Record<string, readonly CommandExample[]>> = {
  models: [
    { command: "discovery models --provider anthropic", description: "Anthropic's models" },
    {
      command: "discovery models --prices --json",
      description: "every model with list prices, as JSON",
    },
  ],
  model: [
    { command: "discovery model x-ai/grok-4-07-09", description: "one model in full" },
    { command: "discovery model claude-opus-4-7 --json", description: "the same as JSON" },
  ],
  "price list": [
    { command: "discovery price list", description: "every vendor's prices" },
    { command: "discovery price list --provider deepseek", description: "one vendor's prices" },
  ],
  "price anthropic": [
    { command: "discovery price anthropic", description: "the whole Anthropic table" },
    { command: "discovery price anthropic claude-opus-4-7", description: "one model's prices" },
  ],
  "price gemini": [
    {
      command: "discovery price gemini '2.5 pro' --direction input",
      description: "Gemini 2.5 Pro input price (needs GOOGLE_CLOUD_BILLING_API_KEY)",
    },
    { command: "discovery price gemini '2.5 pro' --long", description: "the long-context tier" },
  ],
  check: [
    {
      command: "discovery check openai/gpt-4-32k x-ai/grok-4-07-09 --within 30d",
      description: "for CI: exit 1 when one is retired or retires within 30 days",
    },
    {
      command: "discovery check claude-opus-4-7 --strict --json",
      description: "unknown fails too",
    },
  ],
  balance: [
    {
      command: "discovery balance deepseek",
      description: "DeepSeek credit (needs DEEPSEEK_API_KEY)",
    },
  ],
  "cost estimate": [
    {
      command: "discovery cost estimate claude-opus-4-7 --input 12000 --output 800",
      description: "what one request costs at list prices",
    },
    {
      command: "discovery cost estimate openai/gpt-4o --input 5000 --output 500 --cache-read 20000",
      description: "with cached input",
    },
  ],
  cost: [
    {
      command: "discovery cost openai --since 7d",
      description: "OpenAI's billed cost over the last week (needs OPENAI_ADMIN_KEY)",
    },
    {
      command: "discovery cost xai --since 2026-11-01 --attributed 41.20",
      description: "xAI's bill against the spend you attributed",
    },
  ],
  retired: [
    { command: "discovery retired xai grok-4", description: "is grok-4 retired today?" },
    {
      command: "discovery retired anthropic claude-3-opus-20240229 --today 2026-01-06",
      description: "was it retired on that day?",
    },
    {
      command: "discovery retired --upcoming 90d",
      description: "every model that shuts down within 90 days",
    },
  ],
};

/** Adds the examples above to the `--help` of each `discovery` command, subcommands included. */
export function addHelpExamples(program: Command): void {
  addExamplesByPath(program, EXAMPLES);
}
