#!/usr/bin/env node
// After `npm ci` in a checkout: generate the Prisma clients, then compile the CLI (scripts/build-cli.mjs).
// Installed from a package (`npm install gavel-evals-gavel-x.y.z.tgz`), Gavel ships both already built and no
// sources: nothing to do.
import { spawnSync } from "node:child_process";
import { existsSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (existsSync(path.join(root, "lib", "cli", "main.ts"))) {
  const generate = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/db.ts", "generate"], {
    cwd: root,
    stdio: "inherit",
  });
  if (generate.status !== 0) process.exit(generate.status ?? 1);
  const { buildCli } = await import("./build-cli.mjs");
  await buildCli();
  // npm links a package's bin for its dependents, never for the project itself: link this checkout's
  // `gavel` so `npx @gavel-evals/gavel` runs it here, as it does in a team's project that installed Gavel.
  const link = path.join(root, "node_modules", ".bin", "gavel");
  if (!existsSync(link)) symlinkSync(path.join("..", "..", "bin", "gavel.mjs"), link);
}
