import { arrayElementLines } from "./json-lines";
import type { ImportedLabel, ParseOptions, ParsedLabels } from "./types";

/**
 * An Argilla dataset's records as `Dataset.to_disk` / `records.to_json` writes them (argilla 2.x,
 * src/argilla/records/_resource.py `Record.to_dict`): an array of
 * `{ id, fields, metadata, suggestions, responses: { <question>: [{ value, user_id }] }, vectors, _server_id }`.
 *
 * The item is `metadata.transcript_id` when present, else the record's `id` (its external id in
 * Argilla: log records with Gavel's transcript external id as their id). The reviewer is the
 * response's `user_id`. Suggestions (a model's pre-fill) are not human labels and are left out.
 */
export function parseArgilla(text: string, records: unknown[], options: ParseOptions = {}): ParsedLabels {
  const lines = arrayElementLines(text);
  const labels: ImportedLabel[] = [];
  const errors: string[] = [];
  const questions = new Set<string>();
  for (const r of records) {
    const responses = (r as { responses?: unknown })?.responses;
    if (responses && typeof responses === "object" && !Array.isArray(responses)) for (const q of Object.keys(responses)) questions.add(q);
  }
  const question = options.question ?? (questions.size === 1 ? [...questions][0] : undefined);
  if (!options.question && questions.size > 1)
    errors.push(`the file answers ${questions.size} questions (${[...questions].join(", ")}): choose one with --question`);
  let withoutResponses = 0;
  records.forEach((raw, index) => {
    const record = (raw ?? {}) as { id?: unknown; metadata?: Record<string, unknown> | null; responses?: unknown; fields?: unknown };
    const where = `line ${lines[index] ?? "?"} (record ${typeof record.id === "string" || typeof record.id === "number" ? record.id : index + 1})`;
    if (!record.fields || typeof record.fields !== "object")
      return void errors.push(`${where}: no "fields" object: is this an Argilla records export?`);
    const key = [record.metadata?.transcript_id, record.id].find((v) => (typeof v === "string" && v.trim()) || typeof v === "number");
    if (key === undefined) return void errors.push(`${where}: neither metadata.transcript_id nor id to find the item by`);
    if (record.responses === undefined || record.responses === null) return void withoutResponses++;
    if (typeof record.responses !== "object" || Array.isArray(record.responses))
      return void errors.push(`${where}: "responses" must map question names to lists`);
    const answers = (record.responses as Record<string, unknown>)[question ?? ""];
    if (answers === undefined) return void withoutResponses++;
    if (!Array.isArray(answers)) return void errors.push(`${where}: responses.${question} is not a list`);
    answers.forEach((rawAnswer, n) => {
      const answer = (rawAnswer ?? {}) as { value?: unknown; user_id?: unknown };
      const at = `${where}, response ${n + 1}`;
      if (typeof answer.user_id !== "string" || !answer.user_id.trim()) return void errors.push(`${at}: user_id is missing`);
      const value = Array.isArray(answer.value) ? (answer.value.length === 1 ? answer.value[0] : undefined) : answer.value;
      if (typeof value !== "string" && typeof value !== "number") return void errors.push(`${at}: value must be one label or number`);
      labels.push({
        where: at,
        item: String(key).trim(),
        reviewer: `argilla-user-${answer.user_id.trim()}`,
        value: String(value),
        timeSpentMs: null,
        createdAt: null,
      });
    });
  });
  const notes = withoutResponses
    ? [`${withoutResponses} record${withoutResponses === 1 ? "" : "s"} without a response to "${question ?? "?"}" left out`]
    : [];
  return { format: "argilla", labels, errors, notes };
}
