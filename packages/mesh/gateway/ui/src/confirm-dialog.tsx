import { useEffect, useRef } from "preact/hooks";

/** An action that waits for the operator's yes. */
export interface Confirmation {
  /** The question, naming the peer: `Revoke the tokens of carol?` */
  title: string;
  /** What the action will do, said plainly. */
  effect: string;
  /** The confirming button's name: `Revoke`, `Disable`. */
  action: string;
  run: () => void;
}

/**
 * Asks before an action that cuts a peer off: a modal `alertdialog` naming the peer and the
 * effect, with "Cancel" (focused first, and Escape) and the action's own name.
 */
export function ConfirmDialog({
  confirm,
  onClose,
}: {
  confirm: Confirmation;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-effect"
      class="confirm"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="confirm-title">{confirm.title}</h2>
      <p id="confirm-effect">{confirm.effect}</p>
      <div class="buttons">
        <button type="button" autofocus onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          class="danger"
          onClick={() => {
            onClose();
            confirm.run();
          }}
        >
          {confirm.action}
        </button>
      </div>
    </dialog>
  );
}
