/** A credential shape the guard looks for (never carries the matched text). */
export interface SecretRule {
  /** Stable machine-readable id, e.g. `openai-api-key`; used in `[REDACTED:<id>]`. */
  readonly id: SecretRuleId;
  /** Human label quoted in error messages, e.g. `openai api key`. */
  readonly label: string;
  /** The shape in regex notation, as documented in the spec. */
  readonly description: string;
}

/** Ids of the twelve shapes, in the spec's order. */
export type SecretRuleId =
  | "pypi-token"
  | "anthropic-api-key"
  | "openai-admin-key"
  | "openai-api-key"
  | "xai-api-key"
  | "deepseek-api-key"
  | "google-api-key"
  | "github-token"
  | "aws-access-key-id"
  | "aws-secret-access-key"
  | "jwt"
  | "mesh-gateway-token";

/** Rule id reported when a `knownSecrets` value (the live gateway token) is found. */
export const KNOWN_SECRET_RULE_ID = "known-secret";
/** Label reported for a `knownSecrets` hit. */
export const KNOWN_SECRET_LABEL = "live MESH_GATEWAY_TOKEN value";

/**
 * The twelve credential shapes, in the spec's order (the first matching shape decides).
 * `\b` is an ASCII word boundary; "later on the same line" means no `\n` in between.
 */
export const SECRET_RULES: readonly SecretRule[] = Object.freeze(
  (
    [
      ["pypi-token", "pypi token", "\\bpypi-[A-Za-z0-9_-]{20,}"],
      ["anthropic-api-key", "anthropic api key", "\\bsk-ant-[A-Za-z0-9_-]{20,}"],
      [
        "openai-admin-key",
        "openai ADMIN key (org-level privilege)",
        "\\bsk-admin-[A-Za-z0-9_-]{20,}",
      ],
      ["openai-api-key", "openai api key", "\\bsk-(?!admin-)(?:proj-)?[A-Za-z0-9_-]{20,}"],
      ["xai-api-key", "xai api key", "\\bxai-[A-Za-z0-9_-]{40,}"],
      ["deepseek-api-key", "deepseek api key", "\\bsk-[a-f0-9]{32}\\b"],
      ["google-api-key", "google api key", "\\bAIza[0-9A-Za-z_-]{35}"],
      ["github-token", "github token", "\\bgh[ops]_[A-Za-z0-9]{30,}"],
      ["aws-access-key-id", "aws access key", "\\bAKIA[0-9A-Z]{16}\\b"],
      [
        "aws-secret-access-key",
        "aws secret key",
        "\\b[A-Za-z0-9/+=]{40}\\b with lowercase `aws` later on the same line",
      ],
      ["jwt", "jwt", "\\beyJ[A-Za-z0-9_-]{15,}\\.eyJ[A-Za-z0-9_-]{15,}\\.[A-Za-z0-9_-]{15,}\\b"],
      [
        "mesh-gateway-token",
        "possible mesh-gateway token",
        "\\b[A-Za-z0-9_-]{48,}\\b with `MESH_GATEWAY_TOKEN` later on the same line",
      ],
    ] as const
  ).map(([id, label, description]) => Object.freeze({ id, label, description })),
);
