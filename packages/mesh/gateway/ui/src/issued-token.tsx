import { useState } from "preact/hooks";

/** A freshly issued peer token, shown this once, with a copy button. */
export function IssuedToken({
  peer,
  token,
  onDone,
}: {
  peer: string;
  token: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(token);
    setCopied(true);
  };
  return (
    <section aria-label="New token" class="issued">
      <label for="issued-token">{`New token for ${peer} (shown once: copy it now)`}</label>
      <input id="issued-token" readOnly value={token} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" onClick={copy}>
        {copied ? "Copied" : "Copy"}
      </button>
      <button type="button" onClick={onDone}>
        Done
      </button>
    </section>
  );
}
