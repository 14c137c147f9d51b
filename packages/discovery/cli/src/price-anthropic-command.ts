import { listAnthropicPricing, pricingForAnthropicModel } from "@discovery/pricing";
import { CliError, EXIT_OK } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { anthropicPriceTable } from "./price-table.js";

/**
 * `discovery price anthropic [id]`: one row of the static table (exact id), or the whole table.
 * JSON: `{ "price": ProviderPricing | null }` for an id, `{ "prices": ProviderPricing[] }` without.
 */
export async function priceAnthropicCommand(
  context: CommandContext,
  id: string | undefined,
): Promise<number> {
  if (id === undefined) {
    const prices = listAnthropicPricing();
    if (context.json) context.printJson({ prices });
    else context.io.stdout.write(anthropicPriceTable(context, prices));
    return EXIT_OK;
  }
  const price = pricingForAnthropicModel(id);
  if (context.json) context.printJson({ price });
  else if (price) context.io.stdout.write(anthropicPriceTable(context, [price]));
  if (price === null) {
    throw new CliError({
      message: `no Anthropic price for '${id}'`,
      hint: "ids match exactly (e.g. claude-opus-4-7); `discovery price anthropic` lists the table",
    });
  }
  return EXIT_OK;
}
