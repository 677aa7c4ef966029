import { readExamples, type JudgeExample } from "./examples";
import { readParams, type JudgeVersionLike } from "./request";

/**
 * The judge workbench's pure parts: which dev items a version gets wrong (misaligned first), what a draft changes
 * item by item against the version it started from, and what a saved version changed against its parent.
 */
export type Alignment = "false_pass" | "false_fail" | "wrong" | "repeats_disagree" | "unanswered" | "aligned";

/** Misaligned first: a false pass lets a bad answer through, so it leads; then false fails, other misses, unstable repeats. */
export const ALIGNMENT_ORDER: readonly Alignment[] = ["false_pass", "false_fail", "wrong", "repeats_disagree", "unanswered", "aligned"];

export const ALIGNMENT_LABELS: Record<Alignment, string> = {
  false_pass: "false pass",
  false_fail: "false fail",
  wrong: "disagrees",
  repeats_disagree: "repeats disagree",
  unanswered: "not answered",
  aligned: "aligned",
};

export interface WorkbenchVerdict {
  transcriptId: string;
  order: string;
  repeat: number;
  status: string;
  value: string | null;
  reason?: string | null;
}

/** The answer calibration reads: the first one, in the original order, when it is ok. */
export function headlineAnswer(verdicts: readonly WorkbenchVerdict[], transcriptId: string): string | null {
  const v = verdicts.find((x) => x.transcriptId === transcriptId && x.order === "original" && x.repeat === 0);
  return v?.status === "ok" ? v.value : null;
}

/**
 * How one item's verdicts stand against its gold label. positive is the kind's positive class (pass, A) or null
 * (graded items: any miss is "disagrees"). Repeats or orders that answered differently make an item unstable even
 * when its headline answer is right.
 */
export function alignmentOf(gold: string, verdicts: readonly WorkbenchVerdict[], positive: string | null): Alignment {
  const answers = verdicts.filter((v) => v.status === "ok" && v.value !== null);
  const headline = verdicts.find((v) => v.order === "original" && v.repeat === 0);
  if (!headline || headline.status !== "ok" || headline.value === null) return "unanswered";
  if (headline.value !== gold) {
    if (positive === null) return "wrong";
    if (headline.value === positive) return "false_pass";
    if (gold === positive) return "false_fail";
    return "wrong";
  }
  return new Set(answers.map((a) => a.value)).size > 1 ? "repeats_disagree" : "aligned";
}

export function isMisaligned(a: Alignment): boolean {
  return a === "false_pass" || a === "false_fail" || a === "wrong" || a === "repeats_disagree";
}

export type ItemChange = "fixed" | "broken" | "unchanged" | "changed_still_wrong" | "not_compared";

export interface ItemChangeRow {
  transcriptId: string;
  gold: string;
  before: string | null;
  after: string | null;
  change: ItemChange;
}

/** Per item, a draft's answer against the base version's (fixed: it was wrong and is right now; broken: the reverse). */
export function itemChanges(
  gold: readonly { transcriptId: string; value: string }[],
  before: readonly WorkbenchVerdict[],
  after: readonly WorkbenchVerdict[],
): ItemChangeRow[] {
  return gold.map((g) => {
    const a = headlineAnswer(before, g.transcriptId);
    const b = headlineAnswer(after, g.transcriptId);
    const row = { transcriptId: g.transcriptId, gold: g.value, before: a, after: b };
    if (a === null || b === null) return { ...row, change: "not_compared" };
    if (a !== g.value && b === g.value) return { ...row, change: "fixed" };
    if (a === g.value && b !== g.value) return { ...row, change: "broken" };
    return { ...row, change: a === b ? "unchanged" : "changed_still_wrong" };
  });
}

export function countChanges(rows: readonly ItemChangeRow[]): Record<ItemChange, number> {
  const counts: Record<ItemChange, number> = { fixed: 0, broken: 0, unchanged: 0, changed_still_wrong: 0, not_compared: 0 };
  for (const r of rows) counts[r.change]++;
  return counts;
}

/** The parts of a version that make its spec (a draft has no id or hash yet). */
export type SpecLike = Omit<JudgeVersionLike, "id" | "hash">;

/** What a version changed against its parent, in words (the lineage the version page and the audit show). */
export function versionChanges(parent: SpecLike, child: SpecLike): string[] {
  const changes: string[] = [];
  for (const field of ["provider", "model", "baseUrl", "parser"] as const)
    if (parent[field] !== child[field]) changes.push(`${field}: ${parent[field] ?? "none"} → ${child[field] ?? "none"}`);
  if (parent.promptTemplate !== child.promptTemplate) changes.push("prompt template");
  const p = readParams(parent.params);
  const c = readParams(child.params);
  for (const key of ["temperature", "maxTokens", "seed", "structuredOutput", "apiKeyEnv"] as const)
    if (p[key] !== c[key]) changes.push(`${key}: ${String(p[key])} → ${String(c[key])}`);
  const before = readExamples(parent.examples);
  const after = readExamples(child.examples);
  const key = (e: JudgeExample) => JSON.stringify([e.transcriptId, e.input, e.label, e.reason]);
  const was = new Set(before.map(key));
  const now = new Set(after.map(key));
  const added = after.filter((e) => !was.has(key(e))).length;
  const removed = before.filter((e) => !now.has(key(e))).length;
  if (added || removed) changes.push(`worked examples: ${added} added, ${removed} removed (${after.length} now)`);
  return changes;
}

/**
 * The label set a workbench opens on: the one asked for, else the one the version was last calibrated on (dev first),
 * else the first. Never "the first of the kind" alone: another team's label set of the same kind sorting earlier by
 * name would show this version's workbench with none of its verdicts.
 */
export function pickWorkbenchSet<S extends { id: string }>(
  sets: readonly S[],
  asked: string | undefined,
  calibratedOn: readonly (string | null | undefined)[],
): S | undefined {
  for (const id of [asked, ...calibratedOn]) {
    const found = id ? sets.find((s) => s.id === id) : undefined;
    if (found) return found;
  }
  return sets[0];
}
