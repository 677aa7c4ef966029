import type { CompactText, CompactTranscript } from "@/lib/labeling/compact-transcript";

/**
 * A transcript for the adjudicator: task prompt and final output (or outputs A and B) in view, the
 * messages and tool calls behind a disclosure. Untrusted content: React text nodes inside <pre>
 * only; no HTML, no markdown, no links or images from it.
 */
function Text({ value, className = "" }: { value: CompactText | null; className?: string }) {
  if (!value) return <span className="text-xs text-stone-400">—</span>;
  return (
    <>
      <pre
        className={`max-h-72 overflow-auto whitespace-pre-wrap break-words rounded bg-stone-50 px-2 py-1.5 font-mono text-xs text-stone-800 ${className}`}
      >
        {value.text || "(empty)"}
      </pre>
      {value.length > value.text.length ? (
        <p className="text-xs text-amber-800">
          Showing the first {value.text.length.toLocaleString("en")} of {value.length.toLocaleString("en")} characters.
        </p>
      ) : null}
    </>
  );
}

export function CompactTranscriptView({ view }: { view: CompactTranscript }) {
  return (
    <div className="space-y-3">
      <div>
        <h4 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Task</h4>
        <Text value={view.taskPrompt} />
      </div>
      {view.outputs ? (
        <div className="grid gap-3 md:grid-cols-2">
          <div>
            <h4 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Output A</h4>
            <Text value={view.outputs.a} />
          </div>
          <div>
            <h4 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Output B</h4>
            <Text value={view.outputs.b} />
          </div>
        </div>
      ) : (
        <div>
          <h4 className="text-xs font-semibold uppercase tracking-wide text-stone-500">Final output</h4>
          <Text value={view.finalOutput} />
        </div>
      )}
      {view.messages.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-sm text-indigo-700">
            Full transcript: {view.messages.length + view.omittedMessages} message
            {view.messages.length + view.omittedMessages === 1 ? "" : "s"}
          </summary>
          <ol className="mt-2 space-y-2">
            {view.messages.map((m, i) => (
              <li key={i} className="rounded border border-stone-200 p-2">
                <p className="mb-1 text-xs font-medium text-stone-600">
                  {m.role}
                  {m.name ? ` · ${m.name}` : ""}
                </p>
                {m.content ? <Text value={m.content} /> : null}
                {m.toolCalls.map((call, j) => (
                  <div key={j} className="mt-1 space-y-1 border-l-2 border-indigo-200 pl-2">
                    <p className="font-mono text-xs text-indigo-900">tool call: {call.name}</p>
                    <Text value={call.arguments} />
                    {call.result ? <Text value={call.result} /> : null}
                    {call.error ? <p className="font-mono text-xs text-red-700">error: {call.error}</p> : null}
                  </div>
                ))}
              </li>
            ))}
          </ol>
          {view.omittedMessages > 0 ? (
            <p className="mt-1 text-xs text-amber-800">{view.omittedMessages} more messages are not shown here.</p>
          ) : null}
        </details>
      ) : null}
    </div>
  );
}
