/*
 * Test-only reference: the spec's shapes as plain JavaScript regexes (catastrophically slow
 * on adversarial input, exact by construction). The scanner must agree with it.
 */
import { EXTRA_SECRET_RULES } from "../src/extra-secret-rules.js";

const RUN = "[A-Za-z0-9_-]";

function patterns(trigger: string): RegExp[] {
  return [
    new RegExp(`\\bpypi-${RUN}{20,}`),
    new RegExp(`\\bsk-ant-${RUN}{20,}`),
    new RegExp(`\\bsk-admin-${RUN}{20,}`),
    new RegExp(`\\bsk-(?!admin-)(?:proj-)?${RUN}{20,}`),
    new RegExp(`\\bxai-${RUN}{40,}`),
    /\bsk-[a-f0-9]{32}\b/,
    /\bAIza[0-9A-Za-z_-]{35}/,
    /\bgh[ops]_[A-Za-z0-9]{30,}/,
    /\bAKIA[0-9A-Z]{16}\b/,
    new RegExp(`\\b[A-Za-z0-9/+=]{40}\\b(?=[^\\n]*${trigger})`),
    new RegExp(`\\beyJ${RUN}{15,}\\.eyJ${RUN}{15,}\\.${RUN}{15,}\\b`),
    new RegExp(`\\b${RUN}{48,}\\b(?=[^\\n]*MESH_GATEWAY_TOKEN)`),
  ];
}

/** The extra shapes as regexes, in `EXTRA_SECRET_RULES` order: each record's own pattern. */
export const EXTRA_REFERENCE_PATTERNS: readonly RegExp[] = EXTRA_SECRET_RULES.map(
  (rule) => new RegExp(rule.pattern),
);

/** The spec's twelve shapes as regexes, in order. */
export const REFERENCE_PATTERNS: readonly RegExp[] = patterns("aws");
const SPEC_ALL_PATTERNS = patterns("(?:aws|AKIA)");
/** Every shape, in order, with `rules: 'all'`. */
export const ALL_REFERENCE_PATTERNS: readonly RegExp[] = [
  ...REFERENCE_PATTERNS,
  ...EXTRA_REFERENCE_PATTERNS,
];
const ALL_ALL_PATTERNS = [
  ...patterns("(?:aws|AKIA|ASIA|AWS_SECRET_ACCESS_KEY|SecretAccessKey)"),
  ...EXTRA_REFERENCE_PATTERNS,
];

export interface ReferenceMatch {
  rule: number;
  index: number;
  end: number;
}

/** findSecret by definition: the first rule (in order) whose regex matches anywhere. */
export function referenceFindSecret(content: string, all = false): ReferenceMatch | null {
  for (const [i, re] of (all ? ALL_REFERENCE_PATTERNS : REFERENCE_PATTERNS).entries()) {
    const m = re.exec(content);
    if (m) return { rule: i + 1, index: m.index, end: m.index + m[0].length };
  }
  return null;
}

/**
 * The shapes part of findAllSecrets by definition: repeatedly take the leftmost match (rule
 * order on ties) in `]` + the unscanned rest, the `]` standing for the previous marker.
 */
export function referenceFindAll(content: string, all = false): ReferenceMatch[] {
  const out: ReferenceMatch[] = [];
  const patterns = all ? ALL_ALL_PATTERNS : SPEC_ALL_PATTERNS;
  let pos = 0;
  while (pos < content.length) {
    let best: ReferenceMatch | null = null;
    const rest = (pos === 0 ? "" : "]") + content.slice(pos);
    const shift = pos === 0 ? 0 : pos - 1;
    for (const [i, re] of patterns.entries()) {
      const m = re.exec(rest);
      if (m && (best === null || m.index + shift < best.index)) {
        best = { rule: i + 1, index: m.index + shift, end: m.index + shift + m[0].length };
      }
    }
    if (best === null) break;
    out.push(best);
    pos = best.end;
  }
  return out;
}
