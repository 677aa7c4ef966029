import { arrayElementLines } from "./json-lines";
import type { ImportedLabel, ParseOptions, ParsedLabels } from "./types";

/**
 * A Label Studio JSON export (Export → JSON: an array of tasks, each with `data` and `annotations`,
 * each annotation with `completed_by`, `result` [{from_name, type, value}], `was_cancelled`,
 * `lead_time` in seconds, `created_at`; docs/source/guide/export.md in HumanSignal/label-studio).
 *
 * The item is the task's `data.transcript_id`, else `data.external_id`, else `data.id`: put one of
 * them in the tasks you import into Label Studio. The reviewer is `completed_by` (a user id, or an
 * object with an email in exports that include user details). A choices result gives its one
 * choice; rating and number results give their number. Cancelled (skipped) annotations are left out
 * and counted.
 */
const VALUE_KEYS = ["choices", "rating", "number", "text"] as const;

function reviewerOf(completedBy: unknown): string | null {
  if (typeof completedBy === "number" || (typeof completedBy === "string" && completedBy.trim()))
    return `label-studio-user-${String(completedBy).trim()}`;
  if (completedBy && typeof completedBy === "object") {
    const user = completedBy as { email?: unknown; id?: unknown };
    if (typeof user.email === "string" && user.email.includes("@")) return user.email.trim().toLowerCase();
    if (typeof user.id === "number" || typeof user.id === "string") return `label-studio-user-${String(user.id)}`;
  }
  return null;
}

function valueOf(result: { type?: unknown; value?: unknown }): string | null {
  const value = (result.value ?? {}) as Record<string, unknown>;
  for (const key of VALUE_KEYS) {
    const v = value[key];
    if (Array.isArray(v)) return v.length === 1 && (typeof v[0] === "string" || typeof v[0] === "number") ? String(v[0]) : null;
    if (typeof v === "number" || typeof v === "string") return String(v);
  }
  return null;
}

export function parseLabelStudio(text: string, tasks: unknown[], options: ParseOptions = {}): ParsedLabels {
  const lines = arrayElementLines(text);
  const labels: ImportedLabel[] = [];
  const errors: string[] = [];
  let cancelled = 0;
  const others = new Set<string>();
  const questions = new Set<string>();
  for (const task of tasks) {
    for (const a of ((task as { annotations?: unknown })?.annotations as { result?: { from_name?: unknown }[] }[] | undefined) ?? []) {
      for (const r of a?.result ?? []) if (typeof r?.from_name === "string") questions.add(r.from_name);
    }
  }
  const question = options.question ?? (questions.size === 1 ? [...questions][0] : undefined);
  if (!options.question && questions.size > 1)
    errors.push(`the file answers ${questions.size} questions (${[...questions].join(", ")}): choose one with --question`);
  tasks.forEach((raw, index) => {
    const task = (raw ?? {}) as { id?: unknown; data?: Record<string, unknown>; annotations?: unknown };
    const where = `line ${lines[index] ?? "?"} (task ${typeof task.id === "number" || typeof task.id === "string" ? task.id : index + 1})`;
    if (!task.data || typeof task.data !== "object")
      return void errors.push(`${where}: no "data" object: is this a Label Studio JSON export?`);
    const key = [task.data.transcript_id, task.data.external_id, task.data.id].find(
      (v) => (typeof v === "string" && v.trim()) || typeof v === "number",
    );
    if (key === undefined) return void errors.push(`${where}: data has no transcript_id, external_id or id to find the item by`);
    if (!Array.isArray(task.annotations)) return void errors.push(`${where}: "annotations" is missing or not a list`);
    task.annotations.forEach((rawAnnotation, n) => {
      const annotation = (rawAnnotation ?? {}) as {
        completed_by?: unknown;
        result?: unknown;
        was_cancelled?: unknown;
        lead_time?: unknown;
        created_at?: unknown;
      };
      const at = `${where}, annotation ${n + 1}`;
      if (annotation.was_cancelled === true) return void cancelled++;
      const reviewer = reviewerOf(annotation.completed_by);
      if (!reviewer) return void errors.push(`${at}: completed_by is missing`);
      if (!Array.isArray(annotation.result)) return void errors.push(`${at}: "result" is not a list`);
      const results = (annotation.result as { from_name?: unknown; type?: unknown; value?: unknown }[]).filter((r) => {
        if (r?.from_name === question) return true;
        if (typeof r?.from_name === "string") others.add(r.from_name);
        return false;
      });
      if (results.length === 0) return void errors.push(`${at}: no result for question "${question ?? "?"}"`);
      if (results.length > 1) return void errors.push(`${at}: ${results.length} results for question "${question}"; expected one`);
      const value = valueOf(results[0]!);
      if (value === null) return void errors.push(`${at}: the "${question}" result has no single choice, rating or number`);
      const leadTime =
        typeof annotation.lead_time === "number" && Number.isFinite(annotation.lead_time) && annotation.lead_time >= 0
          ? Math.round(annotation.lead_time * 1000)
          : null;
      const createdAt =
        typeof annotation.created_at === "string" && !Number.isNaN(Date.parse(annotation.created_at))
          ? new Date(annotation.created_at)
          : null;
      labels.push({ where: at, item: String(key).trim(), reviewer, value, timeSpentMs: leadTime, createdAt });
    });
  });
  const notes: string[] = [];
  if (cancelled) notes.push(`${cancelled} cancelled (skipped) annotation${cancelled === 1 ? "" : "s"} left out`);
  others.delete(question ?? "");
  if (others.size) notes.push(`results for other questions left out: ${[...others].join(", ")}`);
  return { format: "label-studio", labels, errors, notes };
}
