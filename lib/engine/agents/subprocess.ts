import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { z } from "zod";
import { TrialStopped, type Agent } from "../../trial/types";
import { describeZodError, taskPayload, ToolCallSchema, usageOf } from "./protocol";
import { executeCalls } from "./tool-loop";

const usage = { cost_usd: z.number().min(0).optional(), input_tokens: z.int().min(0).optional(), output_tokens: z.int().min(0).optional() };
const MessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("tool_call"), ...ToolCallSchema.shape, ...usage }),
  z.object({ type: z.literal("final"), output: z.string(), ...usage }),
]);

/**
 * `cmd:<shell command>`: one process per trial (a fresh agent as well as a fresh sandbox), speaking
 * JSON lines. The runner writes {"type":"start",…}, the agent answers {"type":"tool_call",…} or
 * {"type":"final",…}, the runner answers each call with {"type":"tool_result",…}. stdout carries
 * only the protocol; stderr is kept for error messages. The process group is killed when the
 * trial ends or is cut off.
 */
export function subprocessAgent(spec: string, command: string): Agent {
  return {
    spec,
    async run(input, env) {
      const child = spawn("/bin/sh", ["-c", command], { stdio: ["pipe", "pipe", "pipe"], detached: true });
      const kill = () => {
        try {
          if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      };
      env.signal.addEventListener("abort", kill, { once: true });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
      child.stdin.on("error", () => undefined); // a child that exits early closes its stdin; the exit is reported below
      const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
      const started = new Promise<void>((resolve, reject) => {
        child.once("spawn", resolve);
        child.once("error", reject);
      });
      const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
      const lines = createInterface({ input: child.stdout, crlfDelay: Infinity })[Symbol.asyncIterator]();
      try {
        await started;
        send({ type: "start", ...taskPayload(input) });
        for (let turn = 0; ; turn++) {
          const next = await lines.next();
          if (env.signal.aborted && env.signal.reason instanceof TrialStopped) throw env.signal.reason;
          if (next.done) {
            const code = await exited;
            throw new Error(
              `the agent process exited (code ${code}) before a final answer${stderr ? `: ${stderr.trim().split("\n").slice(-3).join(" / ")}` : ""}`,
            );
          }
          if (!next.value.trim()) continue;
          let message: unknown;
          try {
            message = JSON.parse(next.value);
          } catch {
            throw new Error(`the agent wrote a line that is not JSON: ${next.value.slice(0, 200)}`);
          }
          const parsed = MessageSchema.safeParse(message);
          if (!parsed.success) throw new Error(`the agent's message does not follow gavel.agent.v1: ${describeZodError(parsed.error)}`);
          env.reportUsage(usageOf(parsed.data));
          if (parsed.data.type === "final") return { output: parsed.data.output };
          const [entry] = await executeCalls([parsed.data], env, turn);
          send({
            type: "tool_result",
            id: entry!.tool_call.id,
            ...(entry!.error !== undefined ? { error: entry!.error } : { result: entry!.result }),
          });
        }
      } finally {
        env.signal.removeEventListener("abort", kill);
        child.stdin.end();
        kill();
      }
    },
  };
}
