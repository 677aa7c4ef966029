/**
 * Untrusted text (agent output, tool arguments and results): always a React text node inside <pre>,
 * never HTML; anything long is collapsed behind its first line.
 */
export function LongText({ value, limit = 240, label }: { value: unknown; limit?: number; label?: string }) {
  const text = typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value, null, 2);
  const pre = "whitespace-pre-wrap break-words rounded bg-stone-50 px-2 py-1 font-mono text-xs text-stone-800";
  if (text.length <= limit && text.split("\n").length <= 8) return <pre className={pre}>{text || "—"}</pre>;
  const head = text.replace(/\s+/g, " ").slice(0, 80);
  return (
    <details>
      <summary className="cursor-pointer font-mono text-xs text-stone-600" aria-label={label ? `Show ${label}` : undefined}>
        {head}… <span className="text-stone-400">({text.length.toLocaleString("en")} chars)</span>
      </summary>
      <pre className={`${pre} mt-1 max-h-96 overflow-auto`}>{text}</pre>
    </details>
  );
}
