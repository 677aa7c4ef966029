"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and while React hydrates the page, true from the first render after it (and on
 * every client-side navigation). useSyncExternalStore's server snapshot is what React reads while it
 * hydrates, so the component renders again once hydration is done.
 *
 * A button whose work is an onClick does nothing before hydration: a click there is lost without a
 * word. Disabling such buttons until `useHydrated()` is true keeps the click for when it can act.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
