import type { CompactText } from "@/lib/labeling/compact-transcript";
import type { ExampleToolCall, GuidelineExample } from "@/lib/labeling/worked-examples";

/**
 * The guideline panel's body: the current rubric and its worked examples. Examples are finished
 * items or examples written on the new-queue form (lib/labeling/worked-examples.ts), never the item
 * being labeled nor any content the reviewer still has to label. Their prompt and output are
 * untrusted text: React text nodes in <pre>, capped, no HTML, no links.
 */
function Inert({ value, label }: { value: CompactText | null; label: string }) {
  return (
    <div>
      <p className="text-[0.7rem] font-semibold uppercase tracking-wide text-stone-500">{label}</p>
      {value ? (
        <pre className="max-h-40 overflow-auto whitespace-pre-wrap [overflow-wrap:anywhere] rounded bg-stone-50 px-2 py-1 font-mono text-xs text-stone-800">
          {value.text || "(empty)"}
          {value.length > value.text.length ? <span className="text-stone-400">…</span> : null}
        </pre>
      ) : (
        <pre className="rounded bg-stone-50 px-2 py-1 font-mono text-xs text-stone-400">—</pre>
      )}
    </div>
  );
}

/** The example's tool calls in order: name, arguments and result (or error), each capped. */
function ToolCalls({ calls, more }: { calls: ExampleToolCall[]; more: number }) {
  return (
    <div>
      <p className="text-[0.7rem] font-semibold uppercase tracking-wide text-stone-500">Tool calls</p>
      <ol className="space-y-1" data-testid="guideline-tool-calls">
        {calls.map((call, i) => (
          <li key={i} className="rounded border-l-2 border-amber-300 bg-amber-50/40 px-2 py-1 text-xs" data-testid="guideline-tool-call">
            <span className="font-mono font-semibold text-stone-900">{call.name}</span>
            {call.arguments ? <span className="font-mono text-stone-700"> ({call.arguments.text})</span> : null}
            {call.error !== null ? (
              <span className="block font-mono text-red-700">error: {call.error}</span>
            ) : call.result ? (
              <span className="block font-mono text-stone-600">→ {call.result.text}</span>
            ) : null}
          </li>
        ))}
      </ol>
      {more > 0 ? <p className="text-xs text-stone-500">and {more} more tool calls</p> : null}
    </div>
  );
}

export function GuidelineBody({
  rubric,
  rubricVersion,
  examples,
  hiddenPending,
}: {
  rubric: string;
  rubricVersion: number;
  examples: GuidelineExample[];
  /** Examples held back because this reviewer has their transcript to label: a count, no content. */
  hiddenPending: number;
}) {
  return (
    <div className="space-y-3 text-sm">
      <div>
        <h3 className="text-xs font-semibold text-stone-700">Rubric (version {rubricVersion})</h3>
        <p className="whitespace-pre-wrap break-words text-stone-800" data-testid="guideline-rubric">
          {rubric}
        </p>
      </div>
      <div>
        <h3 className="text-xs font-semibold text-stone-700">Worked examples</h3>
        {hiddenPending > 0 ? (
          <p className="text-xs text-stone-600" data-testid="guideline-hidden">
            {hiddenPending === 1
              ? "1 example hidden while you have its transcript to label."
              : `${hiddenPending} examples hidden while you have their transcripts to label.`}
          </p>
        ) : null}
        {examples.length === 0 ? (
          <p className="text-xs text-stone-500" data-testid="guideline-empty">
            No worked examples for rubric v{rubricVersion}
            {hiddenPending > 0 ? " to show" : " yet"}. Admins write examples on the new-queue form, or attach finished items (with a gold
            label) from the queue&apos;s Gold labels or Rubric page; ask one if an example would help.
          </p>
        ) : (
          <ol className="mt-1 space-y-3">
            {examples.map((e, i) => (
              <li key={e.id} className="space-y-1.5 rounded border border-stone-200 p-2" data-testid="guideline-example">
                <p className="text-xs text-stone-600">
                  Example {i + 1} · expected{" "}
                  <span className="rounded bg-stone-100 px-1.5 font-mono text-stone-900" data-testid="guideline-expected">
                    {e.expectedValue}
                  </span>
                </p>
                <Inert value={e.taskPrompt} label="Task" />
                {e.outputs ? (
                  <>
                    <Inert value={e.outputs.a} label="Output A" />
                    <Inert value={e.outputs.b} label="Output B" />
                  </>
                ) : (
                  <Inert value={e.finalOutput} label="Output" />
                )}
                {e.toolCalls.length ? <ToolCalls calls={e.toolCalls} more={e.moreToolCalls} /> : null}
                <p className="whitespace-pre-wrap break-words text-xs text-stone-800" data-testid="guideline-explanation">
                  <span className="font-semibold">Why: </span>
                  {e.explanation}
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
