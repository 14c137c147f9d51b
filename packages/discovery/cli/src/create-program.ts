import {
  addCompletion,
  type CliIo,
  type Command,
  createAction,
  createCliProgram,
  type ProgramResult,
} from "@mesh/cli-kit";
import pkg from "../package.json" with { type: "json" };
import { addCostCommands } from "./add-cost-commands.js";
import { addHelpExamples } from "./add-help-examples.js";
import { addLifecycleCommands } from "./add-lifecycle-commands.js";
import { addModelCommands } from "./add-model-commands.js";
import { addPriceCommands } from "./add-price-commands.js";
import { createContext, type GlobalOptions } from "./command-context.js";

/**
 * The `discovery` program (see `createCliProgram` for the exit and output handling). Command
 * modules (with the lookup libraries) load lazily so that `--help` stays fast.
 */
export function createProgram(io: CliIo, result: ProgramResult): Command {
  const program = createCliProgram(io, {
    name: "discovery",
    description: "Models, prices, balances, costs and retirements across LLM vendors.",
    version: pkg.version,
    helpAfter: `
Exit status: 0 ok, 1 not found / empty / missing key / failed lookup, 2 usage error.
Credentials (environment only): OPENAI_API_KEY, DEEPSEEK_API_KEY, XAI_API_KEY (or GROK_API_KEY),
  GOOGLE_CLOUD_BILLING_API_KEY (or GOOGLE_CLOUD_API_KEY), OPENAI_ADMIN_KEY,
  XAI_MANAGEMENT_KEY with XAI_TEAM_ID.
Addresses (for tests and proxies): DISCOVERY_AIMLAPI_URL, DISCOVERY_OPENAI_URL,
  DISCOVERY_DEEPSEEK_URL, DISCOVERY_XAI_URL, DISCOVERY_XAI_MGMT_URL, DISCOVERY_BILLING_URL,
  DISCOVERY_OPENAI_COSTS_URL, DISCOVERY_DEEPSEEK_BALANCE_URL (default: the vendor's address).
Offline trial: \`discovery-fakes > fakes.env &\` (from @discovery/testing), then \`. ./fakes.env\`.`,
  }).option("--json", "machine-readable output on stdout");

  const action = createAction(result, (command) =>
    createContext(io, command.optsWithGlobals<GlobalOptions>()),
  );

  addModelCommands(program, action);
  addPriceCommands(program, action);
  addCostCommands(program, action);
  addLifecycleCommands(program, action);

  addHelpExamples(program);
  addCompletion(program);
  return program;
}
