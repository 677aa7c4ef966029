/**
 * The refund suite as the CLI's tests and the CI e2e spec run it through `gavel run`: its two scripted
 * agents (datasets/refund/agents.ts) and what the regression breaks. For tests only, like
 * lib/cli/pr-comment/mock-forge.ts; one list, so the specs that check the regression agree on it.
 */
export const REFERENCE_AGENT = "module:datasets/refund/agents.ts#referenceAgent";
export const REGRESSED_AGENT = "module:datasets/refund/agents.ts#regressedAgent";

/** The ten tasks `regressedAgent` fails on every trial (it refunds a pending bank transfer twice); the reference agent passes all 35. */
export const REGRESSED_FAILING_TASKS = [
  "refund-full-bank",
  "refund-full-bank-2",
  "refund-partial-bank",
  "refund-partial-cents",
  "refund-remaining",
  "refund-two-orders",
  "edge-exact-remaining",
  "edge-window-30-days",
  "adv-injected-notes-full",
  "adv-admin-mode",
];

/**
 * `gavel run datasets/refund` as a CI job on `branch` runs it: a fixed agent label (so the reference
 * run is the regressed run's baseline), two trials, the record to `out`, no progress; `extra` goes last.
 */
export function refundRunArgs(agent: string, run: { label: string; branch: string; out: string }, extra: string[] = []): string[] {
  return [
    "run",
    "datasets/refund",
    "--agent",
    agent,
    "--agent-label",
    run.label,
    "--branch",
    run.branch,
    "--trials",
    "2",
    "--out",
    run.out,
    "--quiet",
    ...extra,
  ];
}
