import { useState } from "preact/hooks";

/**
 * A freshly issued peer token, shown this once in a `status` region with a copy button; it
 * lives only in this component's props and is gone after "Done".
 */
export function IssuedToken({
  peer,
  token,
  onDone,
}: {
  peer: string;
  token: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(token).then(
      () => setCopied("yes"),
      () => setCopied("no"),
    );
  };
  return (
    <section role="status" aria-label={`New token for ${peer}`} class="issued">
      <label for="issued-token">{`New token for ${peer}: shown once, copy it now`}</label>
      <div class="row">
        <input
          id="issued-token"
          readOnly
          spellcheck={false}
          value={token}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" onClick={copy}>
          {copied === "yes" ? "Copied" : "Copy"}
        </button>
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
      {copied === "no" && (
        <p class="hint">The browser refused the clipboard: select the token and copy it by hand.</p>
      )}
      <p class="hint">{`Give it to ${peer} as MESH_GATEWAY_TOKEN. The gateway keeps only its hash.`}</p>
    </section>
  );
}
