import { queueChoices, toolItem, twoOutputs, type ExportItem, type ExportQueue } from "./items";

/**
 * A queue as a Label Studio project: tasks to import (Project → Import: a JSON array of
 * `{data: {...}}`) and the labeling config to paste (Settings → Labeling Interface → Code). The
 * question is a single-choice `verdict` whose choices are the queue's own values, so the export
 * Label Studio writes back (Export → JSON) imports with `gavel import labels --format label-studio`
 * and needs no mapping; a team that renames the choices maps them back with --map.
 */
export const LABEL_STUDIO_QUESTION = "verdict";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/\n/g, "&#10;");

export function labelStudioTasks(items: readonly ExportItem[], queue: ExportQueue) {
  return items.map((item) => ({ data: { ...toolItem(item), queue: queue.name } }));
}

export function labelStudioConfig(queue: ExportQueue): string {
  const pairwise = twoOutputs(queue);
  const judged = pairwise ? "output_a" : "output";
  const outputs = pairwise
    ? [
        '  <Header value="Output A"/>',
        '  <Text name="output_a" value="$output_a"/>',
        '  <Header value="Output B"/>',
        '  <Text name="output_b" value="$output_b"/>',
      ]
    : ['  <Header value="Final output"/>', '  <Text name="output" value="$output"/>'];
  const choices = queueChoices(queue).map((v) => `    <Choice value="${escapeXml(v)}"/>`);
  return [
    // XML comments may not hold "--": the queue's name is left out of this one.
    `<!-- A Gavel ${queue.kind} queue: import the tasks, label them, Export as JSON, then bring the labels back with gavel import labels. -->`,
    "<View>",
    '  <Header value="Task"/>',
    '  <Text name="prompt" value="$prompt"/>',
    '  <Header value="Conversation"/>',
    '  <Text name="conversation" value="$conversation"/>',
    ...outputs,
    `  <Header value="${escapeXml(queue.rubric)}"/>`,
    `  <Choices name="${LABEL_STUDIO_QUESTION}" toName="${judged}" choice="single" showInline="true" required="true">`,
    ...choices,
    "  </Choices>",
    "</View>",
    "",
  ].join("\n");
}
