import type { GateConfig } from "./config";
import type { GateResult } from "./result";

/** What a hard gate reads of a finished task: its tags, its graders and each trial's verdicts. */
export interface HardGateTask {
  id: string;
  tags: Record<string, string | number | boolean>;
  graderKinds: readonly string[];
  trials: readonly { trialIndex: number; verdict: string; graders: readonly { kind: string; status: string; shadow?: boolean }[] }[];
}

export function selectTasks<T extends { tags: Record<string, string | number | boolean> }>(
  tasks: readonly T[],
  tags: Record<string, string | number | boolean> | undefined,
): T[] {
  if (!tags) return [...tasks];
  return tasks.filter((t) => Object.entries(tags).every(([k, v]) => t.tags[k] === v));
}

/**
 * A hard gate passes only when every selected verdict passed: each listed grader on every trial of
 * every selected task (a grader that did not run — an errored trial — counts as the trial's
 * verdict), or every trial's verdict when no graders are listed. Skipped and error are not pass;
 * with no verdict at all the gate fails, since a 100% promise needs evidence.
 */
export function evaluateHardGates(gates: GateConfig["hard"], tasks: readonly HardGateTask[]): GateResult[] {
  return gates.map((gate) => {
    const selected = selectTasks(tasks, gate.tags);
    let total = 0;
    let passed = 0;
    const misses: string[] = [];
    for (const task of selected) {
      const kinds = gate.graders ? gate.graders.filter((k) => task.graderKinds.includes(k)) : [null];
      for (const trial of task.trials) {
        for (const kind of kinds) {
          const status = kind === null ? trial.verdict : (trial.graders.find((g) => g.kind === kind && !g.shadow)?.status ?? trial.verdict);
          total++;
          if (status === "pass") passed++;
          else if (misses.length < 3) misses.push(`${task.id} trial ${trial.trialIndex + 1}${kind ? ` ${kind}` : ""}: ${status}`);
        }
      }
    }
    const what = gate.graders ? `${gate.graders.join(" and ")} verdicts` : "trials";
    const base = { kind: "hard" as const, id: `hard:${gate.name}`, name: `hard: ${gate.name}`, baseline: null, limit: 1 };
    if (total === 0)
      return {
        ...base,
        status: "fail" as const,
        value: null,
        detail: `not measured: no ${what} on the ${selected.length} selected task${selected.length === 1 ? "" : "s"}, and a 100% gate needs evidence`,
      };
    const more = total - passed > misses.length ? ` and ${total - passed - misses.length} more` : "";
    return {
      ...base,
      status: passed === total ? ("pass" as const) : ("fail" as const),
      value: passed / total,
      detail:
        passed === total
          ? `${passed}/${total} ${what} passed on ${selected.length} task${selected.length === 1 ? "" : "s"}`
          : `${passed}/${total} ${what} passed on ${selected.length} task${selected.length === 1 ? "" : "s"}; must be 100% (${misses.join("; ")}${more})`,
    };
  });
}
