#!/usr/bin/env node
// The `gavel` command. The CLI is TypeScript run through tsx, with the react-server condition so
// the server-only modules it shares with the web app (lib/db, lib/auth) load outside Next.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsx = require.resolve("tsx");
const main = path.join(root, "lib", "cli", "main.ts");

const child = spawn(process.execPath, ["--conditions=react-server", "--import", tsx, main, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { CHECKPOINT_DISABLE: "1", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  process.exitCode = code ?? (signal ? 130 : 1);
});
