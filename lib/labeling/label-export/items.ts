import { compactTranscript } from "../compact-transcript";
import { itemKind, labelValues, type ItemKind } from "../../items/kinds";

/**
 * A queue's items as another labeling tool shows them (Label Studio tasks, Argilla records): the
 * ids that bring a label back to its item (transcript_id, external_id), the task, the conversation
 * as plain text, and the output (or outputs A and B) to judge. Texts are capped as the adjudication
 * view caps them (lib/labeling/compact-transcript.ts); the tool renders them as text.
 */
export interface ExportQueue {
  name: string;
  kind: ItemKind;
  rubric: string;
  scaleMin: number | null;
  scaleMax: number | null;
}

/** Whether the queue's items show two outputs (pairwise): the export then carries output_a and output_b. */
export function twoOutputs(queue: ExportQueue): boolean {
  return itemKind(queue.kind).outputs === 2;
}

export interface ExportItem {
  transcriptId: string;
  externalId: string | null;
  taskPrompt: string;
  finalOutput: string | null;
  content: unknown;
}

export interface ToolItem {
  transcript_id: string;
  external_id: string | null;
  prompt: string;
  conversation: string;
  output: string;
  output_a?: string;
  output_b?: string;
}

export function toolItem(item: ExportItem): ToolItem {
  const compact = compactTranscript(item);
  const conversation = compact.messages
    .map((m) => {
      const calls = m.toolCalls.map(
        (c) => `  → ${c.name}(${c.arguments?.text ?? ""})${c.error ? ` ✗ ${c.error}` : c.result ? ` = ${c.result.text}` : ""}`,
      );
      return [`${m.role}${m.name ? ` (${m.name})` : ""}: ${m.content?.text ?? ""}`, ...calls].join("\n");
    })
    .join("\n\n");
  return {
    transcript_id: item.transcriptId,
    external_id: item.externalId,
    prompt: compact.taskPrompt.text,
    conversation: compact.omittedMessages ? `${conversation}\n\n… ${compact.omittedMessages} more messages` : conversation,
    output: compact.finalOutput?.text ?? "",
    ...(compact.outputs ? { output_a: compact.outputs.a.text, output_b: compact.outputs.b.text } : {}),
  };
}

/** The values a label of this queue takes, in button order (pass/fail, A/B, the scale). */
export function queueChoices(queue: ExportQueue): string[] {
  return labelValues(queue.kind, { min: queue.scaleMin, max: queue.scaleMax });
}
