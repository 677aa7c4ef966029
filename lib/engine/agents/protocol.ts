import { z } from "zod";
import type { AgentInput } from "../../trial/types";

/**
 * The wire protocol shared by the HTTP and subprocess adapters (docs/runner.md, "Agent protocol").
 * Each turn the agent answers with a final output or with tool calls; the runner executes the calls
 * in the sandbox (or refuses them) and sends the results back.
 */
export const PROTOCOL = "gavel.agent.v1";

const usage = {
  cost_usd: z.number().min(0).optional(),
  input_tokens: z.int().min(0).optional(),
  output_tokens: z.int().min(0).optional(),
};

export const ToolCallSchema = z.object({
  id: z.string().optional(),
  name: z.string().min(1),
  arguments: z.unknown().optional(),
});

export const TurnResponseSchema = z.union([
  z.object({ output: z.string(), ...usage }),
  z.object({ tool_calls: z.array(ToolCallSchema).min(1), ...usage }),
]);
export type TurnResponse = z.infer<typeof TurnResponseSchema>;

/**
 * TurnResponseSchema.safeParse, with the common answer — exactly `{"output": "…"}` — recognised
 * without zod (the schema would return it unchanged); every other shape goes through the schema.
 * At thousands of trials a second the schema's parse was a measurable share of the runner's CPU.
 */
export function parseTurnResponse(body: unknown): ReturnType<typeof TurnResponseSchema.safeParse> {
  if (typeof body === "object" && body !== null && !Array.isArray(body)) {
    const keys = Object.keys(body);
    const output = (body as { output?: unknown }).output;
    if (keys.length === 1 && keys[0] === "output" && typeof output === "string") return { success: true, data: { output } };
  }
  return TurnResponseSchema.safeParse(body);
}
export type WireToolCall = z.infer<typeof ToolCallSchema>;

export interface HistoryEntry {
  tool_call: { id: string; name: string; arguments: unknown };
  result?: unknown;
  error?: string;
}

/** The fields of a request every adapter sends: who, what, which tools. */
export function taskPayload(input: AgentInput) {
  return {
    protocol: PROTOCOL,
    session_id: input.sessionId,
    task_id: input.taskId,
    trial_index: input.trialIndex,
    prompt: input.prompt,
    inputs: input.inputs,
    tools: input.tools,
  };
}

export function usageOf(response: { cost_usd?: number; input_tokens?: number; output_tokens?: number }) {
  return { costUsd: response.cost_usd, inputTokens: response.input_tokens, outputTokens: response.output_tokens };
}

export function describeZodError(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
}
