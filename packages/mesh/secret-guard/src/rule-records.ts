/*
 * The extra rules, one record each, in order (after the spec's twelve; the first matching
 * shape decides). A record says what the vendor documents: the literal a credential starts
 * with (or the variable it is assigned to), then the alphabet and length of its body, or a
 * structural check. `EXTRA_SECRET_RULES`, the scanner's tables and the tests' reference
 * regexes are all derived from these records.
 */
import type { RuleRecord } from "./extra-secret-rules.js";

const USERINFO = "[A-Za-z0-9._~%!&'()*+,;=-]";
const GITHUB_FORMATS =
  "https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/about-authentication-to-github#githubs-token-formats";

export const RULE_RECORDS = [
  {
    id: "aws-temporary-access-key-id",
    label: "aws temporary access key",
    source:
      "https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html#identifiers-unique-ids",
    prefixes: ["ASIA"],
    body: { chars: "upnum", min: 16, max: 16 },
  },
  {
    id: "aws-secret-access-key-assignment",
    label: "aws secret key (credentials file or variable)",
    source: "https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-files.html",
    prefixes: ["aws_secret_access_key", "AWS_SECRET_ACCESS_KEY", '"SecretAccessKey"'],
    assign: true,
    body: { chars: "base64", min: 40, max: 40 },
  },
  {
    id: "github-fine-grained-token",
    label: "github fine-grained token",
    source: GITHUB_FORMATS,
    prefixes: ["github_pat_"],
    body: { chars: "word", min: 82 },
  },
  {
    id: "github-app-token",
    label: "github app token",
    source: GITHUB_FORMATS,
    prefixes: ["ghu_", "ghr_"],
    body: { chars: "alnum", min: 36 },
  },
  {
    id: "gitlab-token",
    label: "gitlab token",
    source: "https://docs.gitlab.com/security/tokens/#token-prefixes",
    prefixes: ["glpat-"],
    body: { chars: "run", min: 20 },
  },
  {
    id: "slack-token",
    label: "slack token",
    source: "https://api.slack.com/authentication/token-types",
    prefixes: ["xoxb-", "xoxp-", "xoxa-", "xoxe-", "xoxr-", "xoxs-"],
    check: { name: "slack", shape: "[0-9]+-[\\w-]{10,}", lead: "[0-9]+-[\\w-]{10}" },
  },
  {
    id: "slack-webhook-url",
    label: "slack webhook url",
    source: "https://api.slack.com/messaging/webhooks",
    prefixes: ["https://hooks.slack.com/services/"],
    body: { chars: "path", min: 30 },
  },
  {
    id: "stripe-secret-key",
    label: "stripe live secret key",
    source: "https://docs.stripe.com/keys",
    prefixes: ["sk_live_", "rk_live_"],
    body: { chars: "alnum", min: 20 },
  },
  {
    id: "gcp-service-account-key",
    label: "google service account key",
    source: "https://cloud.google.com/iam/docs/keys-create-delete",
    prefixes: ['"private_key"'],
    check: {
      name: "service-account",
      shape: '[ \\t]*:[ \\t]*"-----BEGIN [^"\\n]*"?',
      lead: '[ \\t]*:[ \\t]*"-----BEGIN ',
    },
  },
  {
    id: "private-key",
    label: "private key",
    source: "https://www.rfc-editor.org/rfc/rfc7468#section-10",
    prefixes: ["-----BEGIN "],
    check: {
      name: "private-key",
      shape: String.raw`[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:[A-Za-z0-9+/=\\:,. \t\r\n-]*?-----END [^\n]*|[A-Za-z0-9+/=\r\n\\]*[^\n]*)`,
      lead: "[A-Z0-9 ]*KEY",
      description:
        "-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?----- through the first -----END line (only key text before it), else through the base64 lines after it; to the end of that line",
    },
  },
  {
    id: "connection-string-password",
    label: "database or broker url with a password",
    source: "https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-URIS",
    prefixes: [
      "postgres",
      "postgresql",
      "mysql",
      "mariadb",
      "mongodb",
      "mongodb+srv",
      "redis",
      "rediss",
      "amqp",
      "amqps",
      "nats",
    ].map((scheme) => `${scheme}://`),
    check: {
      name: "userinfo",
      shape: `${USERINFO}*:${USERINFO}+(?=@)`,
      lead: `${USERINFO}*:${USERINFO}+@`,
    },
  },
  {
    id: "npm-token",
    label: "npm token",
    source: "https://github.blog/changelog/2021-09-23-npm-has-a-new-access-token-format/",
    prefixes: ["npm_"],
    body: { chars: "alnum", min: 36, max: 36 },
  },
  {
    id: "huggingface-token",
    label: "hugging face token",
    source: "https://huggingface.co/docs/hub/security-tokens",
    prefixes: ["hf_"],
    body: { chars: "alpha", min: 34, max: 34 },
  },
  {
    id: "groq-api-key",
    label: "groq api key",
    source: "https://console.groq.com/docs/quickstart",
    prefixes: ["gsk_"],
    body: { chars: "alnum", min: 48, max: 48 },
  },
  {
    id: "perplexity-api-key",
    label: "perplexity api key",
    source: "https://docs.perplexity.ai/guides/getting-started",
    prefixes: ["pplx-"],
    body: { chars: "alnum", min: 32 },
  },
  {
    id: "replicate-api-token",
    label: "replicate api token",
    source: "https://replicate.com/docs/topics/security/api-tokens",
    prefixes: ["r8_"],
    body: { chars: "alnum", min: 30 },
  },
  {
    id: "mistral-api-key",
    label: "mistral api key (MISTRAL_API_KEY)",
    source: "https://docs.mistral.ai/getting-started/quickstart",
    prefixes: ["MISTRAL_API_KEY"],
    assign: true,
    body: { chars: "run", min: 20 },
  },
  {
    id: "together-api-key",
    label: "together api key (TOGETHER_API_KEY)",
    source: "https://docs.together.ai/docs/quickstart",
    prefixes: ["TOGETHER_API_KEY"],
    assign: true,
    body: { chars: "run", min: 20 },
  },
  {
    id: "cohere-api-key",
    label: "cohere api key (COHERE_API_KEY, CO_API_KEY)",
    source: "https://github.com/cohere-ai/cohere-python#usage",
    prefixes: ["COHERE_API_KEY", "CO_API_KEY"],
    assign: true,
    body: { chars: "run", min: 20 },
  },
] as const satisfies readonly RuleRecord[];
