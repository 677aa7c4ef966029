import type { Agent } from "../../trial/types";
import { AgentSpecError } from "./errors";
import type { RequestLimiter } from "./limiter";

export { AgentSpecError } from "./errors";
export { checkRateLimitable, rateLimitKey, type RateLimits, type RequestLimiter, type RequestPermit } from "./limiter";

export const AGENT_SPEC_HELP = "http(s)://host/path, cmd:<shell command>, module:path/to/agent.ts#export, or openai:MODEL[?base_url=…]";

/**
 * Turns an --agent spec into an adapter; a bad spec is an AgentSpecError (usage error, exit 2).
 * A limiter (shared rate limits) wraps each request of the agents Gavel calls over HTTP.
 * Each adapter is imported when its spec is used: the OpenAI one brings the OpenAI SDK, a third
 * of a megabyte of JavaScript that no other agent needs at start-up.
 */
export async function resolveAgent(spec: string, options: { limiter?: RequestLimiter } = {}): Promise<Agent> {
  const value = spec.trim();
  if (/^https?:\/\//.test(value)) {
    try {
      new URL(value);
    } catch {
      throw new AgentSpecError(`${value} is not a valid URL`);
    }
    return (await import("./http")).httpAgent(value, options.limiter);
  }
  if (value.startsWith("cmd:")) {
    const command = value.slice(4).trim();
    if (!command) throw new AgentSpecError("cmd: needs a command, e.g. cmd:python agent.py");
    return (await import("./subprocess")).subprocessAgent(value, command);
  }
  if (value.startsWith("module:")) return (await import("./module")).moduleAgent(value, value.slice(7).trim());
  if (value.startsWith("openai:")) {
    const { openAiAgent, parseOpenAiSpec } = await import("./openai");
    return openAiAgent(value, parseOpenAiSpec(value), options.limiter);
  }
  throw new AgentSpecError(`unknown agent spec "${spec}": use ${AGENT_SPEC_HELP}`);
}
