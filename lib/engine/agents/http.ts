import { TrialStopped, type Agent } from "../../trial/types";
import { describeZodError, parseTurnResponse, taskPayload, usageOf, type HistoryEntry } from "./protocol";
import { limitedRequest, retryAfterMs, type RequestLimiter } from "./limiter";
import { postJsonPooled, type PostResult } from "./post-json";
import { executeCalls } from "./tool-loop";

/**
 * `http://host/path` or `https://…`: every turn is a POST of the task, the tools and the history so
 * far (so the agent server may be stateless); the answer is a final output or tool calls. The
 * request is aborted when the runner stops the trial (wall clock, budget). With a limiter, every
 * POST waits for it (a distributed run's shared limits) and a 429 pauses every caller, then retries.
 */
export function httpAgent(url: string, limiter?: RequestLimiter): Agent {
  const target = new URL(url);
  return {
    spec: url,
    async run(input, env) {
      const history: HistoryEntry[] = [];
      for (let turn = 0; ; turn++) {
        let response: PostResult;
        const payload = JSON.stringify({ ...taskPayload(input), turn, history });
        try {
          response = await limitedRequest(
            limiter,
            env.signal,
            () => postJsonPooled(target, payload, { signal: env.signal }),
            (r) => retryAfterMs({ get: r.header }),
          );
        } catch (error) {
          if (env.signal.aborted && env.signal.reason instanceof TrialStopped) throw env.signal.reason;
          throw new Error(`POST ${url} failed: ${(error as Error).message}`);
        }
        const { status, text } = response;
        if (status < 200 || status > 299) throw new Error(`the agent answered HTTP ${status}: ${text.slice(0, 200)}`);
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          throw new Error(`the agent's response is not JSON: ${text.slice(0, 200)}`);
        }
        const parsed = parseTurnResponse(body);
        if (!parsed.success) throw new Error(`the agent's response does not follow gavel.agent.v1: ${describeZodError(parsed.error)}`);
        env.reportUsage(usageOf(parsed.data));
        if ("output" in parsed.data) return { output: parsed.data.output };
        history.push(...(await executeCalls(parsed.data.tool_calls, env, turn)));
      }
    },
  };
}
