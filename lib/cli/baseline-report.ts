import type { RunSource } from "@/lib/engine/record";
import type { BaselineInfo } from "@/lib/gates/result";

/**
 * Whether a run can become a baseline for later runs, in words: a run that silently never becomes
 * one (no label, no branch, a feature branch) is how a team's CI history went wrong unnoticed.
 */
export function baselineStanding(source: RunSource, suiteFile: string): { canBe: boolean; message: string } {
  if (!source.agentLabel)
    return {
      canBe: false,
      message: `This run cannot become a baseline, nor be compared with one: the agent has no label. Add \`agent: <name>\` to ${suiteFile} or pass --agent-label NAME (runs are compared only with runs of the same label).`,
    };
  if (!source.branch)
    return {
      canBe: false,
      message: `This run cannot become a baseline: it has no branch (no CI variables, and not run in a git checkout). Pass --branch ${source.defaultBranch} if it was made from the default branch.`,
    };
  if (!source.onDefaultBranch)
    return {
      canBe: false,
      message: `This run cannot become a baseline: branch "${source.branch}" is not the default branch "${source.defaultBranch}" (pass --default-branch if yours is another). It is compared with the default branch's runs.`,
    };
  return {
    canBe: true,
    message: `This run is a baseline for later runs of agent "${source.agentLabel}" on this suite version (branch "${source.branch}"${source.commit ? ` at ${source.commit.slice(0, 7)}` : ""}).`,
  };
}

/** Which baseline the run was compared with: run id, branch, commit and when — or why none. */
export function comparedWith(info: BaselineInfo | null | undefined): string {
  if (!info) return "No baseline information (the run was stored before baselines existed).";
  const p = info.previous;
  if (!p) return info.note.replace(/^no baseline:/, "No baseline:");
  const parts = [
    p.branch ? `branch ${p.branch}` : "no branch",
    p.commit ? `commit ${p.commit.slice(0, 7)}` : null,
    p.finishedAt ? `finished ${p.finishedAt.slice(0, 16).replace("T", " ")} UTC` : null,
  ];
  return `Compared with baseline run ${p.runId} (${parts.filter(Boolean).join(", ")}).`;
}
