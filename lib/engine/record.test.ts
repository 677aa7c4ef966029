import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveSuite } from "@/datasets/load";
import { agentOf } from "@/lib/testing/engine-fixtures";
import { mockDeps } from "./deps";
import { writeRecordFile } from "./record";
import { runSuite } from "./run-suite";

describe("writeRecordFile", () => {
  it("writes exactly JSON.stringify(record, null, 2), task by task", async () => {
    const suite = await resolveSuite(
      {
        name: "rec",
        tasks: [
          { id: "a", prompt: "p", grader: "exact", expected: "ok" },
          { id: "b", prompt: 'q "quoted"\nline', grader: "exact", expected: "x" },
        ],
      },
      "/virtual/rec/suite.yaml",
    );
    const { record } = await runSuite(suite, { trials: 2, concurrency: 1 }, mockDeps(agentOf(() => "ok\nwith newline")).deps);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "gavel-rec-")), "nested", "r.json");
    writeRecordFile(file, record);
    expect(readFileSync(file, "utf8")).toBe(`${JSON.stringify(record, null, 2)}\n`);
  });
});
