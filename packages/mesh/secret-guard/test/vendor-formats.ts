/*
 * Generated credentials in each vendor's documented format (never real keys): the recall
 * corpus of the test and the bench, and the generators of the property tests. Plain
 * TypeScript with a seeded generator, so that `node bench/…` can import it too.
 */

export type Random = () => number;

/** A deterministic generator in [0, 1). */
export function seeded(seed: number): Random {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const ALNUM = UPPER + LOWER + DIGITS;
const ALPHA = UPPER + LOWER;
const HEX = "0123456789abcdef";
const B64 = ALNUM + "+/";
const B64URL = ALNUM + "-_";

function pick(random: Random, alphabet: string, n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function oneOf<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** Base64 that starts and ends with a letter, so it has no edge the shapes treat specially. */
function b64Word(random: Random, n: number): string {
  return pick(random, ALPHA, 1) + pick(random, B64, n - 2) + pick(random, ALPHA, 1);
}

function pemBody(random: Random, bytes: number, eol: string): string {
  const text = pick(random, B64, Math.ceil((bytes * 4) / 3));
  const lines = text.match(/.{1,64}/g) ?? [];
  return lines.join(eol);
}

/** A paste: `content` holds `secret`, which a rule must find and redaction must remove. */
export interface Paste {
  content: string;
  secret: string;
}

/** Plain contexts a token gets pasted in. */
function inContext(random: Random, token: string): Paste {
  const contexts = [
    (t: string) => `here is the key ${t}, thanks`,
    (t: string) => `export API_TOKEN=${t}`,
    (t: string) => `{"token": "${t}"}`,
    (t: string) => `Authorization: Bearer ${t}`,
    (t: string) => t,
  ];
  return { content: oneOf(random, contexts)(token), secret: token };
}

export interface VendorFormat {
  /** What is generated, and the vendor's page that documents it. */
  readonly vendor: string;
  /** The rule that must report it (`findAllSecrets` with the default rules). */
  readonly ruleId: string;
  make(random: Random): Paste;
}

const token = (make: (random: Random) => string) => (random: Random) =>
  inContext(random, make(random));

/** One entry per documented format, the spec's twelve shapes first. */
export const VENDOR_FORMATS: readonly VendorFormat[] = [
  {
    vendor: "PyPI API token (pypi- + macaroon)",
    ruleId: "pypi-token",
    make: token((r) => `pypi-AgEIcHlwaS5vcmc${pick(r, B64URL, between(r, 40, 160))}`),
  },
  {
    vendor: "Anthropic API key (sk-ant-api03-)",
    ruleId: "anthropic-api-key",
    make: token((r) => `sk-ant-api03-${pick(r, B64URL, 93)}AA`),
  },
  {
    vendor: "OpenAI admin key (sk-admin-)",
    ruleId: "openai-admin-key",
    make: token((r) => `sk-admin-${pick(r, B64URL, between(r, 40, 160))}`),
  },
  {
    vendor: "OpenAI project key (sk-proj-)",
    ruleId: "openai-api-key",
    make: token((r) => `sk-proj-${pick(r, B64URL, between(r, 48, 160))}`),
  },
  {
    vendor: "OpenRouter key (sk-or-v1-), caught by the openai shape",
    ruleId: "openai-api-key",
    make: token((r) => `sk-or-v1-${pick(r, HEX, 64)}`),
  },
  {
    vendor: "DeepSeek key (sk- + 32 hex), reported as openai (spec order)",
    ruleId: "openai-api-key",
    make: token((r) => `sk-${pick(r, HEX, 32)}`),
  },
  {
    vendor: "xAI API key (xai-)",
    ruleId: "xai-api-key",
    make: token((r) => `xai-${pick(r, ALNUM, 80)}`),
  },
  {
    vendor: "Google API key (AIza)",
    ruleId: "google-api-key",
    make: token((r) => `AIza${pick(r, B64URL, 35)}`),
  },
  {
    vendor: "GitHub classic, OAuth and server tokens (ghp_, gho_, ghs_)",
    ruleId: "github-token",
    make: token((r) => `gh${oneOf(r, ["p", "o", "s"])}_${pick(r, ALNUM, 36)}`),
  },
  {
    vendor: "AWS access key id (AKIA)",
    ruleId: "aws-access-key-id",
    make: token((r) => `AKIA${pick(r, UPPER + "234567", 16)}`),
  },
  {
    vendor: "AWS secret access key with aws after it",
    ruleId: "aws-secret-access-key",
    make: (r) => {
      const secret = b64Word(r, 40);
      return { content: `secret ${secret} for the aws account`, secret };
    },
  },
  {
    vendor: "JWT (RFC 7519)",
    ruleId: "jwt",
    make: token(
      (r) =>
        `eyJ${pick(r, B64URL, between(r, 20, 60))}.eyJ${pick(r, B64URL, between(r, 20, 200))}.${pick(r, B64URL, 42)}${pick(r, ALNUM, 1)}`,
    ),
  },
  {
    vendor: "mesh gateway token named on its line",
    ruleId: "mesh-gateway-token",
    make: (r) => {
      const secret = pick(r, ALNUM, between(r, 48, 64));
      return { content: `${secret} is my MESH_GATEWAY_TOKEN`, secret };
    },
  },
  {
    vendor: "AWS temporary access key id (ASIA)",
    ruleId: "aws-temporary-access-key-id",
    make: token((r) => `ASIA${pick(r, UPPER + "234567", 16)}`),
  },
  {
    vendor: "AWS credentials file, environment and CLI JSON",
    ruleId: "aws-secret-access-key-assignment",
    make: (r) => {
      const secret = pick(r, B64, 40);
      const forms = [
        `[default]\naws_access_key_id = AKIA${pick(r, UPPER, 16)}\naws_secret_access_key = ${secret}\n`,
        `export AWS_SECRET_ACCESS_KEY="${secret}"`,
        `AWS_SECRET_ACCESS_KEY=${secret}`,
        `{"AccessKey": {"UserName": "ci", "SecretAccessKey": "${secret}", "Status": "Active"}}`,
      ];
      return { content: oneOf(r, forms), secret };
    },
  },
  {
    vendor: "GitHub fine-grained token (github_pat_)",
    ruleId: "github-fine-grained-token",
    make: token((r) => `github_pat_11${pick(r, UPPER + DIGITS, 20)}_${pick(r, ALNUM, 59)}`),
  },
  {
    vendor: "GitHub user-to-server and refresh tokens (ghu_, ghr_)",
    ruleId: "github-app-token",
    make: token((r) => `gh${oneOf(r, ["u", "r"])}_${pick(r, ALNUM, 36)}`),
  },
  {
    vendor: "GitLab personal access token (glpat-)",
    ruleId: "gitlab-token",
    make: token((r) => `glpat-${pick(r, B64URL, 20)}`),
  },
  {
    vendor: "Slack bot, user and app tokens (xoxb-, xoxp-, …)",
    ruleId: "slack-token",
    make: token((r) => {
      const id = () => pick(r, DIGITS, between(r, 10, 13));
      return oneOf(r, [
        `xoxb-${id()}-${id()}-${pick(r, ALNUM, 24)}`,
        `xoxp-${id()}-${id()}-${id()}-${pick(r, HEX, 32)}`,
        `xoxe-1-${id()}-${pick(r, ALNUM, 146)}`,
      ]);
    }),
  },
  {
    vendor: "Slack incoming webhook URL (https, as pasted also http or without a scheme)",
    ruleId: "slack-webhook-url",
    make: token(
      (r) =>
        `${oneOf(r, ["https://", "https://", "http://", ""])}hooks.slack.com/services/T${pick(r, UPPER + DIGITS, between(r, 8, 10))}/B${pick(r, UPPER + DIGITS, between(r, 8, 10))}/${pick(r, ALNUM, 24)}`,
    ),
  },
  {
    vendor: "Stripe live secret and restricted keys (sk_live_, rk_live_)",
    ruleId: "stripe-secret-key",
    make: token((r) => `${oneOf(r, ["sk", "rk"])}_live_${pick(r, ALNUM, oneOf(r, [24, 99]))}`),
  },
  {
    vendor: "Google service account JSON key file",
    ruleId: "gcp-service-account-key",
    make: (r) => {
      const key = `-----BEGIN PRIVATE KEY-----\\n${pemBody(r, 1200, "\\n")}\\n-----END PRIVATE KEY-----\\n`;
      const secret = `"private_key": "${key}"`;
      const content = `{\n  "type": "service_account",\n  "project_id": "demo-123",\n  "private_key_id": "${pick(r, HEX, 40)}",\n  ${secret},\n  "client_email": "ci@demo-123.iam.gserviceaccount.com"\n}\n`;
      return { content, secret };
    },
  },
  {
    vendor: "PEM and OpenSSH private keys",
    ruleId: "private-key",
    make: (r) => {
      const label = oneOf(r, ["", "RSA ", "EC ", "DSA ", "OPENSSH ", "ENCRYPTED "]);
      const eol = oneOf(r, ["\n", "\r\n"]);
      const secret = `-----BEGIN ${label}PRIVATE KEY-----${eol}${pemBody(r, between(r, 100, 2400), eol)}${eol}-----END ${label}PRIVATE KEY-----`;
      return { content: `my key:${eol}${secret}${eol}do not share`, secret };
    },
  },
  {
    vendor: "Database and broker URLs with a password",
    ruleId: "connection-string-password",
    make: (r) => {
      const scheme = oneOf(r, ["postgres", "postgresql", "mysql", "mongodb+srv", "redis", "amqps"]);
      const secret = `${scheme}://${pick(r, LOWER, 6)}:${pick(r, ALNUM + "-._~!*", between(r, 8, 32))}`;
      return { content: `DATABASE_URL=${secret}@db.internal:5432/app`, secret };
    },
  },
  {
    vendor: "Web and FTP URLs with a password",
    ruleId: "url-password",
    make: (r) => {
      const scheme = oneOf(r, ["https", "http", "ftp", "ftps"]);
      const secret = `${scheme}://${pick(r, LOWER, 6)}:${pick(r, ALNUM + "-._~!*", between(r, 8, 32))}`;
      return { content: `fetch("${secret}@api.example.com/v1")`, secret };
    },
  },
  {
    vendor: "npm access token (npm_)",
    ruleId: "npm-token",
    make: token((r) => `npm_${pick(r, ALNUM, 36)}`),
  },
  {
    vendor: "Hugging Face user access token (hf_)",
    ruleId: "huggingface-token",
    make: token((r) => `hf_${pick(r, ALPHA, 34)}`),
  },
  {
    vendor: "Groq API key (gsk_)",
    ruleId: "groq-api-key",
    make: token((r) => `gsk_${pick(r, ALNUM, 52)}`),
  },
  {
    vendor: "Perplexity API key (pplx-)",
    ruleId: "perplexity-api-key",
    make: token((r) => `pplx-${pick(r, ALNUM, 48)}`),
  },
  {
    vendor: "Replicate API token (r8_)",
    ruleId: "replicate-api-token",
    make: token((r) => `r8_${pick(r, ALNUM, 37)}`),
  },
  {
    vendor: "Mistral API key in MISTRAL_API_KEY",
    ruleId: "mistral-api-key",
    make: (r) => {
      const value = pick(r, ALNUM, 32);
      const secret = `MISTRAL_API_KEY=${value}`;
      return { content: `export ${secret}`, secret };
    },
  },
  {
    vendor: "Together AI key in TOGETHER_API_KEY",
    ruleId: "together-api-key",
    make: (r) => {
      const secret = `TOGETHER_API_KEY: "${pick(r, HEX, 64)}`;
      return { content: `env:\n  ${secret}"\n`, secret };
    },
  },
  {
    vendor: "Cohere API key in COHERE_API_KEY or CO_API_KEY",
    ruleId: "cohere-api-key",
    make: (r) => {
      const secret = `${oneOf(r, ["COHERE_API_KEY", "CO_API_KEY"])}=${pick(r, ALNUM, 40)}`;
      return { content: `${secret}\n`, secret };
    },
  },
];

/** The parts of a rule record that generation needs (as in `EXTRA_SECRET_RULES`). */
interface RecordShape {
  readonly id: string;
  readonly label: string;
  readonly prefixes: readonly string[];
  readonly body?: { readonly chars: string; readonly min: number; readonly max?: number };
  readonly rest?: readonly (
    | { readonly chars: string; readonly min: number; readonly max?: number }
    | string
  )[];
  readonly check?: unknown;
  readonly assign?: true;
}

/** The characters of an alphabet given as the inside of a regex class. */
function charsOf(alphabet: string): string {
  const re = new RegExp(`[${alphabet}]`);
  let out = "";
  for (let c = 33; c < 127; c++) if (re.test(String.fromCharCode(c))) out += String.fromCharCode(c);
  return out;
}

/**
 * A format per rule record that has no hand-written one above: its literal, then each run of
 * its alphabet at a length in range, each separator. Built from the record itself, so it checks
 * the scanner against the record, not the record against the vendor: the published samples
 * (`test/fixtures`) do that.
 */
export function recordFormats(
  rules: readonly RecordShape[],
  alphabets: Readonly<Record<string, string>>,
): VendorFormat[] {
  const covered = new Set(VENDOR_FORMATS.map((format) => format.ruleId));
  return rules
    .filter((rule) => !covered.has(rule.id) && rule.body && !rule.check && !rule.assign)
    .map((rule) => ({
      vendor: `${rule.label} (${rule.prefixes.join(", ")}), from its record`,
      ruleId: rule.id,
      make: token((r) => {
        let out = oneOf(r, rule.prefixes);
        for (const part of [rule.body, ...(rule.rest ?? [])]) {
          if (typeof part === "string") out += part;
          else if (part) {
            const chars = charsOf(alphabets[part.chars] as string);
            const length = between(r, part.min, Math.min(part.max ?? part.min + 40, part.min + 40));
            out += pick(r, chars, length);
          }
        }
        return out;
      }),
    }));
}
