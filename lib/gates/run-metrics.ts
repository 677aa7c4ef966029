/**
 * The run-level metrics the gates track and the diff compares (computed by lib/engine/metrics.ts):
 * each a plain number or null when undefined (nothing scored, no cost reported, fewer than two
 * trials per task for flakiness).
 */
export interface RunMetrics {
  /** k: trials per task (pass^k and flake rate only compare between runs with the same k). */
  k: number;
  /** passed / scored trials. */
  passRate: number | null;
  /** Mean of the tasks' pass^k, over tasks where it is defined. */
  passPowerK: number | null;
  /** Per grader kind: passed / scored counted verdicts (shadow verdicts never count). */
  graders: Record<string, number | null>;
  /** Per tag ("category=happy"): passed / scored trials of the tasks carrying it. */
  tags: Record<string, number | null>;
  /** Median cost of one attempt at a task (a trial), over trials that reported a cost. */
  costP50Usd: number | null;
  latencyP95Ms: number | null;
  /** Flaky tasks / tasks; undefined with one trial per task (nothing can be flaky). */
  flakeRate: number | null;
  /** The most retries of a tool call in any one trial, and the task it happened in. */
  toolRetries: { max: number; taskId: string | null };
}
