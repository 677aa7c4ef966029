import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { refundTasks } from "@/lib/testing/refund-fixtures";
import { mockDeps } from "../deps";
import { runSuite } from "../run-suite";
import { resolveAgent } from "./index";

const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-cmd-"));

function script(name: string, body: string): string {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    `import { createInterface } from "node:readline";\nconst send = (m) => process.stdout.write(JSON.stringify(m) + "\\n");\n${body}\n`,
  );
  return `cmd:${process.execPath} ${file}`;
}

/** Alive and not a zombie (a killed process whose parent is gone may linger as one in a container). */
function isRunning(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  return readFileSync(stat, "utf8").split(") ")[1]?.[0] !== "Z";
}

/** Live (not zombie) processes whose command line names `file`, from /proc. */
function processesRunning(file: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(file) && isRunning(pid);
      } catch {
        return false; // gone between the listing and the read
      }
    });
}

async function run(spec: string, ids = ["refund-full-card"], stop: Record<string, number> = {}) {
  const { record } = await runSuite(await refundTasks(ids, stop), { trials: 1, concurrency: 1 }, mockDeps(await resolveAgent(spec)).deps);
  return record.tasks[0]!.trials[0]!;
}

describe("the subprocess adapter (JSON lines)", () => {
  it("runs a refund through tool calls and results", async () => {
    const spec = script(
      "agent.mjs",
      `const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const start = JSON.parse((await lines.next()).value);
const id = start.inputs.user_request.match(/A\\d{4}/)[0];
send({ type: "tool_call", id: "1", name: "get_order", arguments: { order_id: id } });
const order = JSON.parse((await lines.next()).value).result;
send({ type: "tool_call", id: "2", name: "issue_refund", arguments: { order_id: id, amount: order.total } });
await lines.next();
send({ type: "tool_call", id: "3", name: "send_confirmation", arguments: { email: order.customer_email } });
await lines.next();
console.error("debug output on stderr is fine");
send({ type: "final", output: "Refunded $" + order.total.toFixed(2) + " for order " + id + ".", cost_usd: 0.01 });`,
    );
    const trial = await run(spec);
    expect(trial.reason).toBe("all 4 graders pass");
    expect(trial.verdict).toBe("pass");
    expect(trial.costUsd).toBe(0.01);
  });

  it("kills a hung process at the wall clock and records an error", async () => {
    const hang = path.join(dir, "hang.mjs");
    const spec = script("hang.mjs", `setInterval(() => {}, 1000);`);
    const trial = await run(spec, ["refund-full-card"], { max_wall_clock_s: 2 });
    expect(trial.verdict).toBe("error");
    expect(trial.stop?.kind).toBe("timeout");
    // No process of the script is left, whether or not a loaded machine's Node got as far as running it
    // (a pid file written by the script was missing at load 47: killed before it could write it).
    await new Promise((r) => setTimeout(r, 100));
    expect(processesRunning(hang)).toEqual([]);
  });

  it("reports a process that exits early, with its stderr", async () => {
    const trial = await run(script("crash.mjs", `console.error("no API key"); process.exit(3);`));
    expect(trial.verdict).toBe("error");
    expect(trial.reason).toMatch(/exited \(code 3\) before a final answer: no API key/);
  });

  it("rejects a line that is not JSON", async () => {
    const trial = await run(script("chatty.mjs", `console.log("hello there");`));
    expect(trial.reason).toMatch(/not JSON: hello there/);
  });
});
