import { writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Writes the benchmarks' suite to `dir/file`: `count` tasks that scripts/bench/mock-agent.ts always
 * passes (an exact "ok"), so a benchmark measures the runner and its storage, never grading or the agent.
 * Ids are zero-padded so they sort as they were made. Returns the file's path.
 */
export function writeBenchSuite(dir: string, file: string, name: string, count: number): string {
  const tasks = Array.from({ length: count }, (_, i) => ({
    id: `task-${String(i).padStart(5, "0")}`,
    prompt: `Task ${i}: answer ok`,
    grader: "exact",
    expected: "ok",
  }));
  const suiteFile = path.join(dir, file);
  writeFileSync(suiteFile, JSON.stringify({ name, threshold: 1, tasks }));
  return suiteFile;
}
