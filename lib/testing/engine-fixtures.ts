import { resolveSuite, type LoadedSuite } from "@/datasets/load";
import { defineSandbox, type SandboxDefinition } from "@/lib/trial/sandbox";
import {
  ToolCallError,
  type Agent,
  type AgentEnv,
  type AgentInput,
  type AgentResult,
  type TrialResult,
  type VerdictStatus,
} from "@/lib/trial/types";

/**
 * A counter sandbox whose tools record every execution in `executed`, so a test can prove which
 * calls the sandbox really ran (and which the runner refused).
 */
export function spySandbox(): { sandbox: SandboxDefinition<{ count: number }>; executed: string[] } {
  const executed: string[] = [];
  const sandbox = defineSandbox<{ count: number }>({
    name: "spy",
    seed: (seed) => ({ count: (seed as { count?: number } | null)?.count ?? 0 }),
    tools: {
      read: {
        description: "Read the counter.",
        parameters: { type: "object", properties: {}, additionalProperties: false },
        run: (state) => {
          executed.push("read");
          return { count: state.count };
        },
      },
      bump: {
        description: "Add one to the counter.",
        parameters: { type: "object", properties: { by: { type: "number" } }, additionalProperties: false },
        run: (state, args) => {
          executed.push("bump");
          state.count += (args.by as number | undefined) ?? 1;
          return { count: state.count };
        },
      },
      explode: {
        description: "Always fails.",
        parameters: { type: "object" },
        run: () => {
          executed.push("explode");
          throw new ToolCallError("boom");
        },
      },
      hang: {
        description: "Never returns.",
        parameters: { type: "object" },
        run: () => {
          executed.push("hang");
          return new Promise(() => undefined);
        },
      },
    },
  });
  return { sandbox, executed };
}

/** A suite of tasks on the spy sandbox, built in memory. */
export async function spySuite(
  tasks: Record<string, unknown>[],
  sandbox: SandboxDefinition,
  extra: Record<string, unknown> = {},
): Promise<LoadedSuite> {
  return resolveSuite({ name: "spy", threshold: 1, tasks, ...extra }, "/virtual/spy/suite.yaml", { sandbox });
}

export function agentOf(
  run: (input: AgentInput, env: AgentEnv) => Promise<string | AgentResult> | string | AgentResult,
  spec = "test:agent",
): Agent {
  return {
    spec,
    async run(input, env) {
      const result = await run(input, env);
      return typeof result === "string" ? { output: result } : result;
    },
  };
}

/** A finished trial of `taskId` with the given verdict and nothing else recorded; `extra` sets the rest. */
export function trialResult(taskId: string, index: number, verdict: VerdictStatus, extra: Partial<TrialResult> = {}): TrialResult {
  return {
    taskId,
    trialIndex: index,
    verdict,
    score: null,
    reason: verdict,
    graders: [],
    failingStep: null,
    output: "",
    trajectory: [],
    initialState: null,
    finalState: null,
    costUsd: null,
    tokens: null,
    latencyMs: 10,
    stop: null,
    startedAt: "",
    finishedAt: "",
    ...extra,
  };
}
