import { queueChoices, toolItem, twoOutputs, type ExportItem, type ExportQueue } from "./items";

/**
 * A queue as an Argilla dataset (argilla 2.x): the settings to create it with (`rg.Settings`: text
 * fields and one label question `verdict` whose labels are the queue's values) and the records to
 * log, in the shape `Dataset.records.to_json` writes and `gavel import labels --format argilla`
 * reads: `{id, fields, metadata: {transcript_id}, suggestions, responses, vectors}`. The record id is
 * the transcript id, so responses come back to their item.
 */
export const ARGILLA_QUESTION = "verdict";

export function argillaSettings(queue: ExportQueue) {
  const outputs = twoOutputs(queue) ? ["output_a", "output_b"] : ["output"];
  return {
    guidelines: queue.rubric,
    fields: [
      { name: "prompt", type: "text", title: "Task", required: true },
      { name: "conversation", type: "text", title: "Conversation", required: false },
      ...outputs.map((name) => ({ name, type: "text", title: name.replace("_", " "), required: false })),
    ],
    questions: [{ name: ARGILLA_QUESTION, type: "label_selection", title: queue.rubric, labels: queueChoices(queue), required: true }],
    metadata: [{ name: "transcript_id", type: "terms" }],
  };
}

export function argillaRecords(items: readonly ExportItem[], queue: ExportQueue) {
  return items.map((item) => {
    const t = toolItem(item);
    const fields = twoOutputs(queue)
      ? { prompt: t.prompt, conversation: t.conversation, output_a: t.output_a ?? "", output_b: t.output_b ?? "" }
      : { prompt: t.prompt, conversation: t.conversation, output: t.output };
    return {
      id: item.transcriptId,
      fields,
      metadata: { transcript_id: item.transcriptId, ...(item.externalId ? { external_id: item.externalId } : {}) },
      suggestions: {},
      responses: {},
      vectors: {},
    };
  });
}
