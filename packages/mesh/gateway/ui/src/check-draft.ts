import { isSelfMessage } from "@mesh/names";
import { findSecret } from "@mesh/secret-guard";

export interface Draft {
  from: string;
  to: string;
  content: string;
}

/**
 * Why a draft may not be sent, or `null` when it may: a DM to oneself, empty content, or
 * content holding a credential (the signed-in token included). A refusal names the rule that
 * matched, never the matched text.
 */
export function checkDraft(draft: Draft, token: string): string | null {
  if (draft.to.trim() === "") return "Choose a recipient in To.";
  if (isSelfMessage(draft.from, draft.to)) {
    return `A DM to yourself is refused: ${draft.from} would send to ${draft.from}. Choose another recipient.`;
  }
  if (draft.content.trim() === "") return "Write a message first.";
  const match = findSecret(draft.content, { knownSecrets: token === "" ? [] : [token] });
  if (match !== null) {
    return `Refused before sending: the message holds a credential (rule ${match.ruleId}, ${match.label}). Remove it; nothing was sent.`;
  }
  return null;
}
