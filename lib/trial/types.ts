/**
 * The vocabulary the engine, the graders, the adapters and the run record share.
 * Plain data only: everything here is JSON-serialisable and safe to store.
 */

export type VerdictStatus = "pass" | "fail" | "skipped" | "error";

/** One tool call the agent asked for, as the runner saw it. */
export interface Step {
  index: number;
  tool: string;
  args: unknown;
  /** The tool's result; absent when the call failed, was blocked or was cut off. */
  result?: unknown;
  /** The tool's error message, or why the runner refused or cut off the call. */
  error?: string;
  /** The runner refused the call (outside allowed_tools, unknown tool, over max_steps): the sandbox never ran it. */
  blocked?: boolean;
  latencyMs: number;
  /** Set by the engine after grading: why this step is where the trial went wrong. */
  failing?: string;
}

/** Why the runner ended a trial before the agent finished. */
export interface Stop {
  kind: "blocked_tool" | "max_steps" | "max_cost" | "timeout" | "agent_error";
  message: string;
  /** The step it happened at, when there is one. */
  step?: number;
}

/** What an agent produced in one trial, before grading. */
export interface TrialOutcome {
  output: string | null;
  trajectory: Step[];
  initialState: unknown;
  finalState: unknown;
  costUsd: number | null;
  tokens: { input: number; output: number } | null;
  latencyMs: number;
  stop: Stop | null;
}

export interface GraderVerdict {
  status: VerdictStatus;
  /** In [0, 1]: partial credit (share of checks passed). */
  score?: number;
  reason: string;
  /** The trajectory step that broke the rule, when one did. */
  step?: number;
  /** A verdict from an unapproved judge: recorded, never counted. */
  shadow?: boolean;
  judgeVersionId?: string;
  costUsd?: number;
}

/** One grader's verdict on one trial, with the config it ran with. */
export interface GraderResultRecord extends GraderVerdict {
  position: number;
  kind: string;
  config: unknown;
}

export interface TrialResult extends TrialOutcome {
  taskId: string;
  trialIndex: number;
  verdict: VerdictStatus;
  score: number | null;
  /** Why the trial's verdict is what it is, in one line. */
  reason: string;
  graders: GraderResultRecord[];
  /** The step a failed or errored trial went wrong at (highlighted in the report). */
  failingStep: number | null;
  startedAt: string;
  finishedAt: string;
}

/** A tool as advertised to the agent (OpenAI function-calling shape). */
export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

/** What every adapter hands its agent at the start of a trial. */
export interface AgentInput {
  /** Unique per trial: run id, task id and trial index. */
  sessionId: string;
  taskId: string;
  trialIndex: number;
  prompt: string;
  inputs: Record<string, unknown>;
  /** The tools this task lets the agent use (empty for a plain question). */
  tools: ToolSpec[];
}

/** The runner's side of a trial, given to the agent adapter. */
export interface AgentEnv {
  /**
   * Runs a sandbox tool through the runner, which enforces allowed_tools, max_steps and the
   * wall-clock budget. Rejects with ToolCallError when the tool itself failed (the agent may
   * recover) and with TrialStopped when the runner ended the trial (the agent must give up).
   */
  callTool(name: string, args: unknown): Promise<unknown>;
  /** Adds spend (model tokens) to the trial; crossing max_cost_usd stops it. */
  reportUsage(usage: { costUsd?: number; inputTokens?: number; outputTokens?: number }): void;
  /** Aborted when the runner stops the trial (budget, wall clock, blocked tool). */
  signal: AbortSignal;
}

export interface AgentResult {
  output: string;
  costUsd?: number;
  inputTokens?: number;
  outputTokens?: number;
}

/** The system under test, reached through an adapter. */
export interface Agent {
  spec: string;
  run(input: AgentInput, env: AgentEnv): Promise<AgentResult>;
  close?(): Promise<void>;
}

/*
 * A suite's sandbox and a `module:` agent are the user's TypeScript, loaded at run time with their
 * own copy of this file, while the compiled CLI has its own: `instanceof` checks a brand shared
 * through the global symbol registry, so an error thrown by either copy is recognised by both.
 */
const TOOL_CALL_ERROR = Symbol.for("gavel.ToolCallError");
const TRIAL_STOPPED = Symbol.for("gavel.TrialStopped");
const branded = (value: unknown, brand: symbol) => typeof value === "object" && value !== null && brand in value;

/** A sandbox tool failed (unknown order, bad amount): reported to the agent as the call's error. */
export class ToolCallError extends Error {
  readonly [TOOL_CALL_ERROR] = true;
  constructor(message: string) {
    super(message);
    this.name = "ToolCallError";
  }
  static [Symbol.hasInstance](value: unknown): boolean {
    return branded(value, TOOL_CALL_ERROR);
  }
}

/** The runner ended the trial; any further tool call is refused without reaching the sandbox. */
export class TrialStopped extends Error {
  readonly [TRIAL_STOPPED] = true;
  constructor(readonly stop: Stop) {
    super(stop.message);
    this.name = "TrialStopped";
  }
  static [Symbol.hasInstance](value: unknown): boolean {
    return branded(value, TRIAL_STOPPED);
  }
}
