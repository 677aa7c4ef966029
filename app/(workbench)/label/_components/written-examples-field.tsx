import { inputClass } from "@/app/_components/ui/field";

const PLACEHOLDER = `expected: fail
task: Refund order 7.
output: I refunded order 7.
tool: issue_refund {"order": 7}
result: {"refunded": 20}
tool: issue_refund {"order": 7}
why: A second refund for the same order.
---
{"expected": "pass", "why": "One refund, as asked.", "task_prompt": "Refund order 8.", "final_output": "Refunded once."}`;

/**
 * Worked examples written on the new-queue form (lib/labeling/written-examples.ts): a new team's first
 * batch has no gold items to show, so the rubric comes with examples of its own. Every problem is listed,
 * one a line, naming the example and field; the queue is made with all of them or not at all.
 */
export function WrittenExamplesField({ errors }: { errors?: string[] }) {
  return (
    <div className="space-y-1">
      <label htmlFor="queue-examples" className="block text-sm font-medium text-stone-800">
        Worked examples (optional)
      </label>
      <textarea
        id="queue-examples"
        name="examples"
        rows={6}
        className={`${inputClass} font-mono`}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? "queue-examples-error" : "queue-examples-hint"}
        placeholder={PLACEHOLDER}
      />
      {errors?.length ? (
        <ul id="queue-examples-error" className="space-y-0.5 text-xs font-medium text-red-700" role="alert" data-testid="examples-errors">
          {errors.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      ) : (
        <p id="queue-examples-hint" className="text-xs text-stone-500">
          Shown to reviewers in the guideline panel (G) with their expected label and why. Separate examples with a line of <code>---</code>
          . Each is either lines of <code>expected:</code>, <code>task:</code>, <code>output:</code>, <code>tool:</code> (the tool&apos;s
          name, then its arguments), <code>result:</code> (under its tool) and <code>why:</code>, or one JSON object in the import&apos;s
          JSONL shape (<code>task_prompt</code>, <code>messages</code> with <code>tool_calls</code>, <code>final_output</code>) plus{" "}
          <code>expected</code> and <code>why</code>. At most 20; one bad example refuses the queue.
        </p>
      )}
    </div>
  );
}
