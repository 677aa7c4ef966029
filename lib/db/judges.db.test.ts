import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../testing/test-database";
import { judgeVersionSpec } from "../judges/version";
import { findOrCreateJudgeVersion } from "./judges";

withTestDatabase();

const spec = judgeVersionSpec.parse({ provider: "replay", model: "gpt-4", promptTemplate: "Which is better?", parser: "pairwise" });

describe("findOrCreateJudgeVersion", () => {
  it("returns the existing version for the same spec instead of a second one", async () => {
    const first = await findOrCreateJudgeVersion({ name: "pairwise", kind: "pairwise" }, spec);
    const again = await findOrCreateJudgeVersion({ name: "pairwise", kind: "pairwise" }, spec);
    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    expect(again.version.id).toBe(first.version.id);
  });

  it("numbers a changed spec as the next version, with its predecessor as parent", async () => {
    const original = { ...spec, promptTemplate: "Which output follows the instruction better?" };
    const v1 = await findOrCreateJudgeVersion({ name: "upgrade", kind: "pairwise" }, original);
    const v2 = await findOrCreateJudgeVersion({ name: "upgrade", kind: "pairwise" }, { ...original, model: "gpt-4o" });
    expect(v1.version.version).toBe(1);
    expect(v2.version.version).toBe(v1.version.version + 1);
    expect(v2.version.parentId).toBe(v1.version.id);
    expect(v2.version.hash).not.toBe(v1.version.hash);
  });
});
