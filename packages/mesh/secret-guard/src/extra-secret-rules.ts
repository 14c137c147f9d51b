import type { SecretRule } from "./secret-rules.js";

/** A credential shape beyond the spec's twelve, with where its format is documented. */
export interface ExtraSecretRule extends Omit<SecretRule, "id"> {
  readonly id: ExtraSecretRuleId;
  /** The vendor's page that documents the token format, prefix or variable name. */
  readonly source: string;
}

/** Ids of the extra shapes, in their order (after the spec's twelve). */
export type ExtraSecretRuleId =
  | "aws-temporary-access-key-id"
  | "aws-secret-access-key-assignment"
  | "github-fine-grained-token"
  | "github-app-token"
  | "gitlab-token"
  | "slack-token"
  | "slack-webhook-url"
  | "stripe-secret-key"
  | "gcp-service-account-key"
  | "private-key"
  | "connection-string-password"
  | "npm-token"
  | "huggingface-token"
  | "groq-api-key"
  | "perplexity-api-key"
  | "replicate-api-token"
  | "mistral-api-key"
  | "together-api-key"
  | "cohere-api-key";

/** Between a variable name and its value: optional closing quote, `=` or `:`, optional quote. */
const ASSIGN = `["']?[ \\t]*[=:][ \\t]*["']?`;

/**
 * The shapes `rules: 'all'` adds after the spec's twelve, in order (the first matching shape
 * decides). Same notation as `SECRET_RULES`: `\b` is an ASCII word boundary, every shape is
 * case-sensitive. Each names the vendor page its format comes from.
 */
export const EXTRA_SECRET_RULES: readonly ExtraSecretRule[] = Object.freeze(
  (
    [
      [
        "aws-temporary-access-key-id",
        "aws temporary access key",
        "\\bASIA[0-9A-Z]{16}\\b",
        "https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html#identifiers-unique-ids",
      ],
      [
        "aws-secret-access-key-assignment",
        "aws secret key (credentials file or variable)",
        `\\b(?:aws_secret_access_key|AWS_SECRET_ACCESS_KEY)${ASSIGN}[A-Za-z0-9/+=]{40}(?![A-Za-z0-9_/+=]), or "SecretAccessKey" in the same way`,
        "https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-files.html",
      ],
      [
        "github-fine-grained-token",
        "github fine-grained token",
        "\\bgithub_pat_\\w{82,}",
        "https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/about-authentication-to-github#githubs-token-formats",
      ],
      [
        "github-app-token",
        "github app token",
        "\\bgh[ur]_[A-Za-z0-9]{36,}\\b",
        "https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/about-authentication-to-github#githubs-token-formats",
      ],
      [
        "gitlab-token",
        "gitlab token",
        "\\bglpat-[A-Za-z0-9_-]{20,}",
        "https://docs.gitlab.com/security/tokens/#token-prefixes",
      ],
      [
        "slack-token",
        "slack token",
        "\\bxox[abeprs]-[0-9]+-[A-Za-z0-9_-]{10,}",
        "https://api.slack.com/authentication/token-types",
      ],
      [
        "slack-webhook-url",
        "slack webhook url",
        "\\bhttps://hooks\\.slack\\.com/services/[A-Za-z0-9/]{30,}\\b",
        "https://api.slack.com/messaging/webhooks",
      ],
      [
        "stripe-secret-key",
        "stripe live secret key",
        "\\b[rs]k_live_[A-Za-z0-9]{20,}\\b",
        "https://docs.stripe.com/keys",
      ],
      [
        "gcp-service-account-key",
        "google service account key",
        '"private_key"[ \\t]*:[ \\t]*"-----BEGIN [^"\\n]*"?',
        "https://cloud.google.com/iam/docs/keys-create-delete",
      ],
      [
        "private-key",
        "private key",
        "-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?----- through the first -----END line (only key text before it), else through the base64 lines after it; to the end of that line",
        "https://www.rfc-editor.org/rfc/rfc7468#section-10",
      ],
      [
        "connection-string-password",
        "database or broker url with a password",
        "\\b(?:postgres|postgresql|mysql|mariadb|mongodb|mongodb\\+srv|redis|rediss|amqp|amqps|nats)://[A-Za-z0-9._~%!&'()*+,;=-]*:[A-Za-z0-9._~%!&'()*+,;=-]+(?=@)",
        "https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-URIS",
      ],
      [
        "npm-token",
        "npm token",
        "\\bnpm_[A-Za-z0-9]{36}\\b",
        "https://github.blog/changelog/2021-09-23-npm-has-a-new-access-token-format/",
      ],
      [
        "huggingface-token",
        "hugging face token",
        "\\bhf_[A-Za-z]{34}\\b",
        "https://huggingface.co/docs/hub/security-tokens",
      ],
      [
        "groq-api-key",
        "groq api key",
        "\\bgsk_[A-Za-z0-9]{48}\\b",
        "https://console.groq.com/docs/quickstart",
      ],
      [
        "perplexity-api-key",
        "perplexity api key",
        "\\bpplx-[A-Za-z0-9]{32,}\\b",
        "https://docs.perplexity.ai/guides/getting-started",
      ],
      [
        "replicate-api-token",
        "replicate api token",
        "\\br8_[A-Za-z0-9]{30,}\\b",
        "https://replicate.com/docs/topics/security/api-tokens",
      ],
      [
        "mistral-api-key",
        "mistral api key (MISTRAL_API_KEY)",
        `\\bMISTRAL_API_KEY${ASSIGN}[A-Za-z0-9_-]{20,}`,
        "https://docs.mistral.ai/getting-started/quickstart",
      ],
      [
        "together-api-key",
        "together api key (TOGETHER_API_KEY)",
        `\\bTOGETHER_API_KEY${ASSIGN}[A-Za-z0-9_-]{20,}`,
        "https://docs.together.ai/docs/quickstart",
      ],
      [
        "cohere-api-key",
        "cohere api key (COHERE_API_KEY, CO_API_KEY)",
        `\\b(?:COHERE_API_KEY|CO_API_KEY)${ASSIGN}[A-Za-z0-9_-]{20,}`,
        "https://github.com/cohere-ai/cohere-python#usage",
      ],
    ] as const
  ).map(([id, label, description, source]) => Object.freeze({ id, label, description, source })),
);
