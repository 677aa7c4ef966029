// The benchmark's reference: the least a runner must do for the same workload, in plain Node. Every
// task × trial is sent to the HTTP agent (keep-alive, at most `concurrency` in flight), its output
// graded by exact match, every result kept, and all of them written to one JSON file at the end.
//   node scripts/bench/reference-loop.mjs SUITE.json AGENT_URL TRIALS CONCURRENCY OUT.json
import { writeFileSync, readFileSync } from "node:fs";
import http from "node:http";
import { performance } from "node:perf_hooks";

const [suiteFile, agentUrl, trials, concurrency, out] = process.argv.slice(2);
const { tasks } = JSON.parse(readFileSync(suiteFile, "utf8"));
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(concurrency) });
const url = new URL(agentUrl);

function call(prompt) {
  const body = JSON.stringify({ protocol: "gavel.agent.v1", prompt });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve(JSON.parse(text).output));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const jobs = tasks.flatMap((task) => Array.from({ length: Number(trials) }, (_, trial) => ({ task, trial })));
const results = [];
let next = 0;
async function worker() {
  while (next < jobs.length) {
    const { task, trial } = jobs[next++];
    const started = performance.now();
    const output = await call(task.prompt);
    results.push({ task: task.id, trial, output, pass: output === task.expected, latencyMs: performance.now() - started });
  }
}
await Promise.all(Array.from({ length: Number(concurrency) }, worker));
writeFileSync(out, JSON.stringify({ passed: results.filter((r) => r.pass).length, results }));
agent.destroy();
