import type { SuiteTask } from "@/datasets/load";
import type { Sandbox } from "../trial/sandbox";
import { TrialStopped, ToolCallError, type Agent, type AgentInput, type AgentResult, type Step, type Stop } from "../trial/types";

export interface Episode {
  result: AgentResult | null;
  trajectory: Step[];
  stop: Stop | null;
  costUsd: number | null;
  tokens: { input: number; output: number } | null;
}

/**
 * One agent episode under the runner's rules. The runner, not the agent, decides which calls
 * reach the sandbox: a tool outside allowed_tools, an unknown tool or a call past max_steps is
 * recorded as blocked and ends the trial before the sandbox sees it; spend past max_cost_usd ends
 * it too; at the wall-clock budget the agent and any tool in flight are cut off.
 */
export async function runEpisode(
  agent: Agent,
  input: AgentInput,
  task: SuiteTask,
  sandbox: Sandbox | null,
  now: () => number,
): Promise<Episode> {
  const trajectory: Step[] = [];
  const controller = new AbortController();
  let stop: Stop | null = null;
  let closed = false;
  let cost: number | null = null;
  let tokens: Episode["tokens"] = null;

  const halt = (next: Stop): never => {
    stop ??= next;
    controller.abort(new TrialStopped(stop));
    throw new TrialStopped(stop);
  };

  const addUsage = (usage: { costUsd?: number; inputTokens?: number; outputTokens?: number }) => {
    if (usage.costUsd !== undefined) cost = (cost ?? 0) + usage.costUsd;
    if (usage.inputTokens !== undefined || usage.outputTokens !== undefined) {
      tokens = { input: (tokens?.input ?? 0) + (usage.inputTokens ?? 0), output: (tokens?.output ?? 0) + (usage.outputTokens ?? 0) };
    }
    const max = task.stop.maxCostUsd;
    if (max !== null && cost !== null && cost > max && !closed) {
      halt({
        kind: "max_cost",
        message: `spent $${cost.toFixed(4)}, over max_cost_usd $${max}`,
        step: trajectory.length ? trajectory.length - 1 : undefined,
      });
    }
  };

  // An agent's returned cost and tokens are its own totals for the trial, while reportUsage adds
  // increments as they happen: an agent that does both reports the same spend twice. Count it once,
  // taking the larger of the two so the runner never under-counts spend it saw.
  const addFinalTotals = (result: AgentResult) => {
    if (result.costUsd !== undefined) addUsage({ costUsd: Math.max(0, result.costUsd - (cost ?? 0)) });
    if (result.inputTokens !== undefined || result.outputTokens !== undefined) {
      addUsage({
        inputTokens: Math.max(0, (result.inputTokens ?? 0) - (tokens?.input ?? 0)),
        outputTokens: Math.max(0, (result.outputTokens ?? 0) - (tokens?.output ?? 0)),
      });
    }
  };

  const callTool = async (name: string, args: unknown): Promise<unknown> => {
    if (stop) throw new TrialStopped(stop);
    if (closed) throw new TrialStopped({ kind: "agent_error", message: "tool called after the trial ended" });
    const index = trajectory.length;
    let recordedArgs: unknown;
    try {
      recordedArgs = structuredClone(args);
    } catch {
      recordedArgs = String(args);
    }
    const step: Step = { index, tool: name, args: recordedArgs, latencyMs: 0 };
    trajectory.push(step);
    const refuse = (kind: Stop["kind"], why: string): never => {
      step.blocked = true;
      step.error = why;
      return halt({ kind, message: `stopped at step ${index + 1}: ${why}`, step: index });
    };
    if (!sandbox || !sandbox.has(name)) refuse("blocked_tool", `unknown tool "${name}"`);
    if (task.allowedTools && !task.allowedTools.includes(name))
      refuse("blocked_tool", `${name} is outside allowed_tools (${task.allowedTools.join(", ") || "none"})`);
    if (index >= task.stop.maxSteps) refuse("max_steps", `a call past max_steps (${task.stop.maxSteps})`);
    const started = now();
    try {
      const result = await sandbox!.call(name, args);
      if (!closed) step.result = result;
      // The agent gets its own copy: changing it must not rewrite the recorded step.
      return structuredClone(result);
    } catch (error) {
      if (!closed) step.error = error instanceof Error ? error.message : String(error);
      throw error instanceof ToolCallError ? error : new ToolCallError(String(error));
    } finally {
      if (!closed) step.latencyMs = now() - started;
    }
  };

  const budgetMs = task.stop.maxWallClockS * 1000;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const inFlight = trajectory.find((s) => !s.blocked && s.result === undefined && s.error === undefined);
      if (inFlight) inFlight.error = `cut off at the wall-clock budget (${task.stop.maxWallClockS} s)`;
      stop ??= { kind: "timeout", message: `cut off at the wall-clock budget of ${task.stop.maxWallClockS} s`, step: inFlight?.index };
      controller.abort(new TrialStopped(stop));
      reject(new TrialStopped(stop));
    }, budgetMs);
  });

  let result: AgentResult | null = null;
  const running = Promise.resolve().then(() => agent.run(input, { callTool, reportUsage: addUsage, signal: controller.signal }));
  running.catch(() => undefined); // after a timeout the agent may still fail; that is no longer news
  try {
    result = await Promise.race([running, deadline]);
    if (typeof result?.output !== "string") {
      stop ??= { kind: "agent_error", message: `the agent returned no output string (got ${JSON.stringify(result)?.slice(0, 100)})` };
      result = null;
    } else {
      addFinalTotals(result);
    }
  } catch (error) {
    if (!(error instanceof TrialStopped))
      stop ??= { kind: "agent_error", message: `agent failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    clearTimeout(timer);
    closed = true;
    // No abort() after a normal finish: the adapters clean up after themselves, and an abort per
    // trial (a DOMException each) is a measurable cost at thousands of trials per second.
  }
  return { result, trajectory: structuredClone(trajectory), stop, costUsd: cost, tokens };
}
