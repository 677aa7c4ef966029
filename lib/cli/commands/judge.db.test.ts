import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listVerdicts } from "../../db/verdicts";
import { lastUserText, startMockLlmServer, type MockLlmServer } from "../../providers/mock-server";
import { seedJudgeVersion, seedLabelSet } from "../../testing/seed-judges";
import { gavel } from "../../testing/cli";
import { withTestDatabase } from "../../testing/test-database";
import { captureLogger } from "../../testing/capture-logger";
import { judgeCalibrate, judgeRun, judgeStatus } from "./judge-actions";

withTestDatabase();

const dir = mkdtempSync(path.join(tmpdir(), "gavel-judge-cli-"));
let server: MockLlmServer;
beforeAll(async () => {
  process.env.GAVEL_CASSETTE_DIR = path.join(dir, "no-committed-cassettes");
  server = await startMockLlmServer({
    flavor: "anthropic",
    reply: ({ body }) => ({ text: lastUserText(body).includes("right") ? "PASS: right" : "FAIL: wrong" }),
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  delete process.env.GAVEL_CASSETTE_DIR;
});

const capture = captureLogger;

const template = "{{task_prompt}}\n{{output}}\nPASS or FAIL?";
const spec = (provider: string, baseUrl: string | null) => ({
  provider,
  model: "claude-3-5-haiku-20241022",
  baseUrl,
  promptTemplate: template,
  parser: "pass_fail",
});

describe("gavel judge", () => {
  it("runs a live judge while recording a cassette, then a replay judge answers from it without the network", async () => {
    const items = Array.from({ length: 6 }, (_, i) => ({
      key: `i${i}`,
      split: "test" as const,
      output: i % 2 ? "right" : "nope",
      gold: i % 3 ? "pass" : "fail",
    }));
    await seedLabelSet({ name: "cli-set", kind: "binary", items });
    const live = await seedJudgeVersion("cli-live", spec("anthropic", server.baseUrl));
    const cassette = path.join(dir, "cli.json");

    const run = capture();
    const progress = await judgeRun(
      live.hash.slice(0, 10),
      { queue: "cli-set", split: "test", record: cassette, calibrate: true, json: true },
      run.logger,
      false,
    );
    expect(progress).toMatchObject({ total: 6, ok: 6 });
    expect(server.requests).toHaveLength(6);
    expect(JSON.parse(readFileSync(cassette, "utf8")).entries).toHaveLength(6);
    expect(JSON.parse(run.out())).toMatchObject({ metric: "kappa", n: 6, skipped: 0, errors: 0 });

    // A replay judge with the same model, prompt and params answers from what was recorded: here the
    // verdicts stored in the database (the cassette file path is covered in run-judge.test.ts).
    const replay = await seedJudgeVersion("cli-replay", spec("replay", null));
    const replayed = await judgeRun("cli-replay", { queue: "cli-set", split: "test" }, capture().logger, false);
    expect(replayed).toMatchObject({ ok: 6, error: 0 });
    expect(server.requests).toHaveLength(6);
    const values = async (id: string) => (await listVerdicts(id)).map((v) => [v.transcriptId, v.status, v.value, v.reason]);
    expect(await values(replay.id)).toEqual(await values(live.id));
  });

  it("calibrates, and reports a version that may not gate with exit-worthy detail", async () => {
    const calibrate = capture();
    await judgeCalibrate("cli-live@1", { queue: "cli-set", split: "test" }, calibrate.logger);
    expect(calibrate.out()).toMatch(/Cohen's kappa of "cli-live v1" against "gold" on 6 items/);
    const status = capture();
    const state = await judgeStatus("cli-live", {}, status.logger);
    expect(state).toMatchObject({ approved: false, gating: false, state: "shadow" });
    expect(status.out()).toContain("cli-live v1: shadow, does not gate: verdicts are shadow (never approved by an admin");
    expect(status.out()).toContain('would bind to label set "cli-set"');
    expect(status.out()).toContain("FAIL  At least 30 gold items judged (6 items)");

    // The command as CI runs it: --json with the listed fields, exit 1 because it does not gate.
    const cli = await gavel(["judge", "status", "cli-live@1", "--json"], { DATABASE_URL: process.env.DATABASE_URL });
    expect(cli.code).toBe(1);
    const json = JSON.parse(cli.stdout);
    expect(Object.keys(json)).toEqual(
      expect.arrayContaining([
        "version",
        "hash",
        "approved",
        "gating",
        "labelSet",
        "goldVersion",
        "calibrationId",
        "state",
        "reason",
        "rules",
      ]),
    );
    expect(json).toMatchObject({
      version: "cli-live@1",
      approved: false,
      gating: false,
      labelSet: "cli-set",
      goldVersion: null,
      calibrationId: null,
      state: "shadow",
    });
    expect(json.rules.find((r: { id: string }) => r.id === "items")).toMatchObject({ passed: false, actual: "6 items" });
  });

  it("exits non-zero and stores no calibration when every call was skipped (no API key)", async () => {
    await seedJudgeVersion("cli-nokey", { ...spec("openai", null), params: { apiKeyEnv: "NOBODY_SET_THIS_API_KEY" } });
    const env = { DATABASE_URL: process.env.DATABASE_URL, NOBODY_SET_THIS_API_KEY: "" };
    const run = await gavel(["judge", "run", "cli-nokey@1", "--queue", "cli-set", "--split", "test", "--calibrate", "--json"], env);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain("No call was answered (6 skipped, 0 errors): nothing to calibrate, no calibration stored.");
    expect(JSON.parse(run.stdout)).toMatchObject({ total: 6, ok: 0, skipped: 6 });
    const again = await gavel(["judge", "calibrate", "cli-nokey@1", "--queue", "cli-set", "--split", "test"], env);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/answered none of the 6 gold items .*nothing to calibrate, no calibration stored/);
    const status = await gavel(["judge", "status", "cli-nokey@1", "--json", "--no-recheck"], env);
    expect(JSON.parse(status.stdout).rules.find((r: { id: string }) => r.id === "calibrated")).toMatchObject({ passed: false });
  });

  it("explains run, calibrate and status in their help", async () => {
    for (const command of ["run", "calibrate", "status"]) {
      const help = await gavel(["judge", command, "--help"]);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain("Example:\n  gavel judge ");
    }
    expect((await gavel(["judge", "run", "--help"])).stdout).toContain("3 when every call was");
    expect((await gavel(["judge", "status", "--help"])).stdout).toContain("0 when the version gates now");
  });

  it("turns a wrong reference or label set into a usage error", async () => {
    await expect(judgeRun("nobody@3", { queue: "cli-set" }, capture().logger, false)).rejects.toThrow(/No judge version "nobody@3"/);
    await expect(judgeRun("cli-live", { queue: "missing" }, capture().logger, false)).rejects.toThrow(/No label set "missing"/);
    await expect(judgeRun("cli-live", { queue: "cli-set", split: "train" }, capture().logger, false)).rejects.toThrow(
      /--split must be dev or test/,
    );
    await expect(judgeRun("cli-live", { queue: "cli-set", split: "dev" }, capture().logger, false)).rejects.toThrow(
      /dev split of "cli-set" has no gold labels/,
    );
  });
});
