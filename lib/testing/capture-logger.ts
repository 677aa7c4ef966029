import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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
