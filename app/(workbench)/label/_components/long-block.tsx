"use client";

import { PlainButton } from "@/app/_components/ui/button";
import { useState } from "react";

const PREVIEW_CHARS = 600;
const PREVIEW_LINES = 12;
/** Expanding shows this much more at a time: a 5 MB tool result never becomes one giant text node. */
const STEP = 100_000;

const pre =
  "whitespace-pre-wrap [overflow-wrap:anywhere] rounded bg-stone-50 px-2.5 py-1.5 font-mono text-xs leading-relaxed text-stone-800";

function preview(text: string): string {
  let end = Math.min(text.length, PREVIEW_CHARS);
  let lines = 0;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10 && ++lines >= PREVIEW_LINES) {
      end = i;
      break;
    }
  }
  return text.slice(0, end);
}

/**
 * Untrusted text (agent output, tool arguments and results): always a React text node, never HTML,
 * never a link. Anything long starts collapsed to its first lines; "Show all" reveals it in steps.
 */
export function LongBlock({ text, label }: { text: string | null; label: string }) {
  const [shown, setShown] = useState(0);
  if (text === null || text === "") return <pre className={`${pre} text-stone-400`}>—</pre>;
  const head = preview(text);
  if (head.length === text.length) return <pre className={pre}>{text}</pre>;
  const visible = shown === 0 ? head : text.slice(0, shown);
  const rest = text.length - visible.length;
  const next = Math.min(text.length, shown + STEP);
  return (
    <div>
      <pre className={`${pre} ${shown > 0 ? "max-h-[32rem] overflow-auto" : ""}`}>
        {visible}
        {rest > 0 ? <span className="text-stone-400">…</span> : null}
      </pre>
      <div className="mt-1 flex gap-3 text-xs">
        {rest > 0 ? (
          <PlainButton
            type="button"
            className="font-medium text-indigo-700 hover:underline"
            onClick={() => setShown(next)}
            aria-label={`Show all of ${label}`}
          >
            {next >= text.length ? "Show all" : `Show ${(next - visible.length).toLocaleString("en")} more characters`}
            <span className="ml-1 text-stone-500">({text.length.toLocaleString("en")} characters)</span>
          </PlainButton>
        ) : null}
        {shown > 0 ? (
          <PlainButton type="button" className="text-stone-600 hover:underline" onClick={() => setShown(0)}>
            Collapse
          </PlainButton>
        ) : null}
      </div>
    </div>
  );
}
