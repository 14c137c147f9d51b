/*
 * Test-only reference: the spec's shapes as plain JavaScript regexes (catastrophically slow
 * on adversarial input, exact by construction). The scanner must agree with it.
 */

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

/** The spec's twelve shapes as regexes, in order. */
export const REFERENCE_PATTERNS: readonly RegExp[] = patterns("aws");
const ALL_PATTERNS = patterns("(?:aws|AKIA)");

export interface ReferenceMatch {
  rule: number;
  index: number;
  end: number;
}

/** findSecret by definition: the first rule (in order) whose regex matches anywhere. */
export function referenceFindSecret(content: string): ReferenceMatch | null {
  for (const [i, re] of REFERENCE_PATTERNS.entries()) {
    const m = re.exec(content);
    if (m) return { rule: i + 1, index: m.index, end: m.index + m[0].length };
  }
  return null;
}

/**
 * The shapes part of findAllSecrets by definition: repeatedly take the leftmost match (rule
 * order on ties) in `]` + the unscanned rest, the `]` standing for the previous marker.
 */
export function referenceFindAll(content: string): ReferenceMatch[] {
  const out: ReferenceMatch[] = [];
  let pos = 0;
  while (pos < content.length) {
    let best: ReferenceMatch | null = null;
    const rest = (pos === 0 ? "" : "]") + content.slice(pos);
    const shift = pos === 0 ? 0 : pos - 1;
    for (const [i, re] of ALL_PATTERNS.entries()) {
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
