// Runs every shape in shapes/ once, each in its own process, against the local mocks, and writes
// what its exporter sent to lib/transcripts/fixtures/traces/<shape>.json. See README.md.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startCollector, startCustomers, startModel } from "./mocks.mjs";

const here = import.meta.dirname;
const out = path.resolve(here, "../../lib/transcripts/fixtures/traces");
const only = process.argv.slice(2);

function run(script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(script)} exited with ${code}`))));
  });
}

const model = await startModel();
const customers = await startCustomers();
mkdirSync(out, { recursive: true });
try {
  for (const file of readdirSync(path.join(here, "shapes"))
    .filter((f) => f.endsWith(".cjs") || f.endsWith(".mjs"))
    .sort()) {
    const shape = file.replace(/\.[cm]js$/, "");
    if (only.length && !only.includes(shape)) continue;
    const collector = await startCollector();
    try {
      await run(path.join(here, "shapes", file), {
        MODEL_BASE_URL: model.url,
        OTLP_BASE_URL: collector.url,
        CUSTOMERS_URL: customers.url,
        // Only the mocks on 127.0.0.1 may be reached.
        NO_PROXY: "127.0.0.1",
        OTEL_SDK_DISABLED: "false",
        // Resource attributes from the environment only: no host name, id or paths of this machine.
        OTEL_NODE_RESOURCE_DETECTORS: "env",
        OTEL_SERVICE_NAME: "support-agent",
      });
    } finally {
      collector.server.close();
    }
    const traces = collector.requests.filter((r) => r.signal === "traces").map((r) => r.body);
    const logs = collector.requests.filter((r) => r.signal === "logs").map((r) => r.body);
    // One export request: the file is that request. Several (or traces and logs): one per line,
    // as the Collector's file exporter writes them.
    const requests = [...traces, ...logs];
    const text =
      requests.length === 1 ? `${JSON.stringify(requests[0], null, 2)}\n` : `${requests.map((r) => JSON.stringify(r)).join("\n")}\n`;
    const target = path.join(out, `${shape}.${requests.length === 1 ? "json" : "jsonl"}`);
    writeFileSync(target, text);
    console.log(`${shape}: ${traces.length} trace request(s), ${logs.length} log request(s) → ${path.relative(process.cwd(), target)}`);
  }
} finally {
  model.server.close();
  customers.server.close();
}
