"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Single-key shortcuts for the run page: each link marked data-key="x" is followed when x is pressed
 * (never while typing in a field, never with a modifier).
 */
export function KeyNav() {
  const router = useRouter();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName))) return;
      const link = document.querySelector<HTMLAnchorElement>(`a[data-key="${CSS.escape(event.key)}"]`);
      if (!link) return;
      event.preventDefault();
      router.push(link.getAttribute("href")!);
    };
    window.addEventListener("keydown", onKey);
    // Keys answer from here on (a key pressed before hydration is lost): what e2e's hotkeysReady waits for.
    document.documentElement.dataset.hotkeys = "ready";
    return () => {
      window.removeEventListener("keydown", onKey);
      delete document.documentElement.dataset.hotkeys;
    };
  }, [router]);
  return null;
}
