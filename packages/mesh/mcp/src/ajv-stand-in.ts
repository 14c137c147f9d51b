import type {
  JsonSchemaValidator,
  jsonSchemaValidator,
} from "@modelcontextprotocol/sdk/validation";

/**
 * What the `mesh-mcp` bundle has instead of the SDK's Ajv validator (see tsup.config.ts): the
 * SDK's server needs one only to check the answers to elicitation requests, and mesh-mcp makes
 * none. Leaving Ajv and its formats out takes a third off the bundle and about 20 ms off every
 * start. The library build keeps the real one.
 */
export class AjvJsonSchemaValidator implements jsonSchemaValidator {
  getValidator<T>(): JsonSchemaValidator<T> {
    throw new Error("mesh-mcp validates no JSON Schema: it never asks the client for input");
  }
}
