"use client";

import { useHydrated } from "./use-hydrated";

/**
 * The value a server-rendered field should start from on the client: during hydration, what the field
 * with this id holds in the page (text typed while the scripts were still loading); otherwise the
 * server's value.
 *
 * Two things lose that text when the server's value is used instead. Hydrating a `<textarea>` whose
 * server text is not empty sets its value back to that text, controlled or not (react-dom 19's
 * `initTextarea`). A controlled field keeps the typed text through hydration, but its state still holds
 * the server's value, which the next render writes over it. Uncontrolled `<input>`s and `<select>`s
 * need none of this: React leaves their value alone when it hydrates them.
 *
 * useSyncExternalStore's server snapshot is what React reads while it hydrates, so `hydrating` is true
 * only then (and on the server, where there is no document); a client-side navigation mounts the form
 * fresh and gets the server's value, even if the page it leaves has a field with the same id.
 */
export function useTypedBeforeHydration(id: string, serverValue: string): string {
  const hydrating = !useHydrated();
  if (!hydrating || typeof document === "undefined") return serverValue;
  const field = document.getElementById(id);
  const editable = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement;
  return editable ? field.value : serverValue;
}
