import { ToolCallError, type AgentEnv } from "../../trial/types";
import type { HistoryEntry, WireToolCall } from "./protocol";

/**
 * Executes one turn's tool calls in order through the runner. A tool's own error goes back to the
 * agent as the call's error; a stop by the runner (TrialStopped) propagates and ends the episode.
 */
export async function executeCalls(calls: WireToolCall[], env: AgentEnv, turn: number): Promise<HistoryEntry[]> {
  const entries: HistoryEntry[] = [];
  for (const [i, call] of calls.entries()) {
    const toolCall = { id: call.id ?? `call_${turn}_${i}`, name: call.name, arguments: call.arguments ?? {} };
    try {
      entries.push({ tool_call: toolCall, result: await env.callTool(call.name, toolCall.arguments) });
    } catch (error) {
      if (!(error instanceof ToolCallError)) throw error;
      entries.push({ tool_call: toolCall, error: error.message });
    }
  }
  return entries;
}
