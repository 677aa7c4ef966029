/**
 * The refund agents with a pause before each trial (GAVEL_TEST_AGENT_DELAY_MS, default 0), so a
 * test can kill a worker while its trials are in flight. Same answers as datasets/refund/agents.ts.
 */
import { referenceAgent, regressedAgent } from "../../datasets/refund/agents";
import type { AgentEnv, AgentInput } from "../trial/types";

const pause = () => new Promise((resolve) => setTimeout(resolve, Number(process.env.GAVEL_TEST_AGENT_DELAY_MS ?? 0)));

export async function slowReferenceAgent(input: AgentInput, env: AgentEnv) {
  await pause();
  return referenceAgent(input, env);
}

export async function slowRegressedAgent(input: AgentInput, env: AgentEnv) {
  await pause();
  return regressedAgent(input, env);
}
