import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runAgreement } from "../cli/commands/agreement";
import { createLogger } from "../cli/logger";

/** A CLI logger whose output a test reads back: `out()` is stdout so far, `err()` stderr. */
export function captureLogger() {
  let out = "";
  let err = "";
  const logger = createLogger({
    stdout: { write: (s: string) => ((out += s), true) } as NodeJS.WritableStream,
    stderr: { write: (s: string) => ((err += s), true) } as NodeJS.WritableStream,
  });
  return { logger, out: () => out, err: () => err };
}

/** A fresh temporary folder: `file(name, text)` writes one file in it and returns its path; `remove()` deletes it all. */
export function tempFolder(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return {
    dir,
    file(name: string, text: string): string {
      const target = path.join(dir, name);
      writeFileSync(target, text);
      return target;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Runs a `gavel agreement FILE --flag value ...` line as a page prints it (lib/judges/format.ts's
 * agreementCommand), in-process and with --json, and returns its output parsed: what a user who
 * copies the command gets, for a test to hold against the page's own numbers.
 */
export function runPrintedAgreement(command: string) {
  const [, , file, ...rest] = command.split(" ");
  const flags: Record<string, unknown> = { json: true };
  for (let i = 0; i < rest.length; i += 2) flags[rest[i]!.replace(/^--/, "")] = rest[i + 1];
  const { logger, out } = captureLogger();
  runAgreement(file!, flags, logger);
  return JSON.parse(out());
}
