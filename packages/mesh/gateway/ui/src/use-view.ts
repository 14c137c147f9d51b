import { useEffect, useRef, useState } from "preact/hooks";
import { formatHash } from "./view-hash.js";
import type { View } from "./view-path.js";

/**
 * The view on screen, kept in the address fragment. Choosing another inbox starts on its inbox
 * view; the first inbox keeps the view the address named when the page opened.
 */
export function useView(inbox: string | null, initial: View): [View, (view: View) => void] {
  const [view, setView] = useState<View>(initial);
  const shownInbox = useRef(inbox);
  useEffect(() => {
    if (shownInbox.current !== null && shownInbox.current !== inbox) setView({ type: "inbox" });
    shownInbox.current = inbox;
  }, [inbox]);
  useEffect(() => {
    const hash = formatHash(inbox, view);
    history.replaceState(null, "", hash === "" ? location.pathname : hash);
  }, [inbox, view]);
  return [view, setView];
}
