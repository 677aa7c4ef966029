/**
 * Where newly failing tasks broke, grouped: tasks that failed at the same tool call with the same
 * graders failing and the same kind of complaint are one group with a count, so a summary can say
 * "all 10 newly failing tasks break at step 3 `issue_refund`: a second issue_refund for the same order_id"
 * instead of listing ten rows that are one regression.
 */

/** The first failing trial of a task, as the grouping reads it. */
export interface BrokenTask {
  taskId: string;
  /** 0-based index of the step the trial broke at; null when it broke on the final output. */
  step: number | null;
  /** The tool called at that step. */
  tool: string | null;
  /** The graders that failed (or errored) on that trial, with their one-line reasons. */
  failing: { kind: string; reason: string }[];
  /** The trial's own reason, used when no grader says more. */
  reason: string;
}

export interface FailureGroup {
  tool: string | null;
  /** 1-based steps and how many tasks broke at each, most common first. */
  steps: { step: number | null; count: number }[];
  graderKinds: string[];
  /**
   * What every task of the group shares, in words: particulars they all have shown, differing numbers as a range, other
   * differing particulars left out (never a "…"); null when they share no clause.
   */
  diagnosis: string | null;
  taskIds: string[];
}

const ELIDED = "…";

/**
 * Particulars are held as one private-use character per slot while the reason is taken apart, so the patterns below
 * see exactly what they would see with "…" in their place (neither is a word character).
 */
const SLOT_BASE = 0xe000;
const SLOT = /[\ue000-\uf8ff]/g;
const slot = (i: number) => String.fromCharCode(SLOT_BASE + i);

/** A clause with its particulars (ids, amounts, arguments, step numbers) taken out: the words, and what filled each gap. */
interface Shaped {
  /** The words with a slot character where each particular was. */
  text: string;
  /** What each slot held, verbatim. */
  values: string[];
}

function shape(clause: string): Shaped {
  const values: string[] = [];
  const expand = (s: string) => s.replace(SLOT, (c) => values[c.charCodeAt(0) - SLOT_BASE]!);
  const take = (match: string) => {
    values.push(expand(match));
    return slot(values.length - 1);
  };
  // A "…" already in the text (a truncated argument) is a gap too; characters the slots use cannot come from outside.
  let out = clause.replace(/[\ue000-\uf8ff\uFFFC]/g, "").replace(/…/g, take);
  // Nested JSON arguments: innermost braces first.
  for (let i = 0; i < 4 && /\{[^{}]*\}/.test(out); i++) out = out.replace(/\{[^{}]*\}/g, take);
  out = out
    .replace(/"[^"]*"/g, take)
    .replace(/\b[A-Za-z_-]*\d[\w.-]*/g, take)
    // Gaps with only spaces between are one gap.
    .replace(/[\ue000-\uf8ff](\s*[\ue000-\uf8ff])+/g, take)
    .trim();
  // Renumber the slots left in the text from 0, in reading order, so two clauses of one shape line up slot by slot.
  const kept: string[] = [];
  const text = out.replace(SLOT, (c) => {
    kept.push(values[c.charCodeAt(0) - SLOT_BASE]!);
    return slot(kept.length - 1);
  });
  return { text, values: kept };
}

const skeleton = (text: string) => text.replace(SLOT, ELIDED);

/** A reason with its particulars (ids, amounts, arguments, step numbers) elided: what kind of failure, not which. */
export function normalizeClause(clause: string): string {
  return skeleton(shape(clause).text);
}

/** The clauses of a grader's reason ("a; b; c"), without the step prefix and location suffixes every clause repeats. */
function clauses(reason: string): Shaped[] {
  // A stored grader row ends its reason with where the trial broke (lib/db/trial-writer.ts): not part of any clause.
  return reason
    .replace(/\s*\[step \d+\]$/, "")
    .split(/;\s+/)
    .map((c) => {
      const { text, values } = shape(c);
      // The prefix and suffix name the step, which the group already says; the slots they held go with them.
      const prefix = /^step [\ue000-\uf8ff] \S+ [\ue000-\uf8ff]:\s*/.exec(text)?.[0] ?? "";
      const suffix = /\s*\((after|last touched at) step [\ue000-\uf8ff][^)]*\)$/.exec(text.slice(prefix.length))?.[0] ?? "";
      const body = text.slice(prefix.length, text.length - suffix.length).trim();
      return shape(body.replace(SLOT, (ch) => values[ch.charCodeAt(0) - SLOT_BASE]!));
    })
    .filter((c) => c.text.length > 0 && skeleton(c.text) !== ELIDED);
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One clause in words for a group: a particular every task shares is shown as it is ("2 issue_refund calls, expected
 * exactly 1"), numbers that differ as their range ("steps 3–6"), and anything else that differs (an order id, a call's
 * arguments) is left out with its brackets or the "=" or ":" that introduced it, so the sentence reads without gaps.
 */
function inWords(members: readonly Shaped[]): string {
  const first = members[0]!;
  const parts = first.text.split(SLOT);
  let out = parts[0]!;
  for (let i = 0; i < first.values.length; i++) {
    const seen = members.map((m) => m.values[i]!);
    let value: string;
    if (seen.every((v) => v === seen[0])) value = seen[0]!;
    else if (seen.every((v) => NUMBER.test(v))) {
      const numbers = seen.map(Number);
      const [low, high] = [Math.min(...numbers), Math.max(...numbers)];
      value = low === high ? String(low) : `${low}–${high}`;
    } else value = "\uFFFC";
    out += value + parts[i + 1]!;
  }
  return out
    .replace(/[[(]\uFFFC[\])]/g, "")
    .replace(/\s*[=:,]?\s*\uFFFC/g, "")
    .replace(/\s+([),.:;])/g, "$1")
    .replace(/\(\s*\)/g, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}

function keyOf(t: BrokenTask): string {
  return JSON.stringify([t.tool, [...new Set(t.failing.map((f) => f.kind))].sort()]);
}

/** The most telling clause all tasks share: one naming the tool beats one that only counts, shorter beats longer. */
function sharedDiagnosis(tasks: BrokenTask[]): string | null {
  const per = tasks.map((t) => {
    const byShape = new Map<string, Shaped>();
    for (const c of (t.failing.length ? t.failing.map((f) => f.reason) : [t.reason]).flatMap(clauses)) {
      if (!byShape.has(skeleton(c.text))) byShape.set(skeleton(c.text), c);
    }
    return byShape;
  });
  const shared = [...per[0]!.keys()].filter((c) => per.every((s) => s.has(c)));
  if (shared.length === 0) return null;
  const tool = tasks[0]!.tool;
  const score = (c: string) => (tool && c.includes(tool) ? 0 : 1) * 1000 + (/^…/.test(c) ? 500 : 0) + c.length;
  const best = shared.sort((a, b) => score(a) - score(b))[0]!;
  return inWords(per.map((s) => s.get(best)!));
}

/** Groups broken tasks by tool call and failing graders, biggest group first (ties: by tool name). */
export function groupFailures(tasks: readonly BrokenTask[]): FailureGroup[] {
  const byKey = new Map<string, BrokenTask[]>();
  for (const t of tasks) byKey.set(keyOf(t), [...(byKey.get(keyOf(t)) ?? []), t]);
  const groups = [...byKey.values()].map((members): FailureGroup => {
    const steps = new Map<number | null, number>();
    for (const m of members) steps.set(m.step === null ? null : m.step + 1, (steps.get(m.step === null ? null : m.step + 1) ?? 0) + 1);
    return {
      tool: members[0]!.tool,
      steps: [...steps].map(([step, count]) => ({ step, count })).sort((a, b) => b.count - a.count || (a.step ?? 0) - (b.step ?? 0)),
      graderKinds: [...new Set(members.flatMap((m) => m.failing.map((f) => f.kind)))].sort(),
      diagnosis: sharedDiagnosis(members),
      taskIds: members.map((m) => m.taskId).sort(),
    };
  });
  return groups.sort((a, b) => b.taskIds.length - a.taskIds.length || (a.tool ?? "").localeCompare(b.tool ?? ""));
}

/** "step 3", "steps 3 (9) and 6 (1)", "the final output". */
export function describeSteps(steps: FailureGroup["steps"]): string {
  const one = (s: number | null) => (s === null ? "the final output" : `step ${s}`);
  if (steps.length === 1) return one(steps[0]!.step);
  return `${steps
    .map((s) => (s.step === null ? `the final output (${s.count})` : `${s.step} (${s.count})`))
    .join(", ")
    .replace(/^/, "steps ")}`;
}

/** Where a group broke, in words: "step 3 `issue_refund`" (Markdown code for the tool). */
export function describeWhere(group: FailureGroup, code: (s: string) => string = (s) => `\`${s}\``): string {
  const at = describeSteps(group.steps);
  return group.tool ? `${at} ${code(group.tool)}` : at;
}

/**
 * The one-line diagnosis: "all 10 newly failing tasks break at step 3 `issue_refund`: a second issue_refund for the same
 * order_id (once per order_id)",
 * or, with several groups, the biggest one named with its share.
 */
export function failureHeadline(
  groups: readonly FailureGroup[],
  noun = "newly failing tasks",
  code?: (s: string) => string,
  /** Escapes the untrusted words (a grader's reason) for the output format. */
  text: (s: string) => string = (s) => s,
): string | null {
  const total = groups.reduce((n, g) => n + g.taskIds.length, 0);
  const top = groups[0];
  if (!top) return null;
  const what = top.diagnosis ? `: ${text(top.diagnosis)}` : top.graderKinds.length ? ` (${text(top.graderKinds.join(", "))} failed)` : "";
  if (groups.length === 1) {
    const who = total === 1 ? `the 1 ${noun.replace(/tasks$/, "task")} breaks` : `all ${total} ${noun} break`;
    return `${who} at ${describeWhere(top, code)}${what}`;
  }
  return `${top.taskIds.length} of ${total} ${noun} break at ${describeWhere(top, code)}${what}; the other ${total - top.taskIds.length} in ${groups.length - 1} other way${groups.length === 2 ? "" : "s"}`;
}
