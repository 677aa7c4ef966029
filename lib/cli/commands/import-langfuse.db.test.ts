import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundTraces, score } from "../../connectors/langfuse/mock-data";
import { startMockLangfuse, type MockLangfuse, type MockTrace } from "../../connectors/langfuse/mock-langfuse";
import { findQueue, loadCurrentLabels, shapeOf } from "../../db/agreement";
import { db } from "../../db/client";
import { queueAgreement } from "../../labeling/agreement";
import { gavel } from "../../testing/cli";
import { withTestDatabase } from "../../testing/test-database";
import type { LangfusePullReport } from "./import-langfuse-actions";

const database = withTestDatabase();
const keys = { LANGFUSE_PUBLIC_KEY: "pk-lf-1234", LANGFUSE_SECRET_KEY: "sk-lf-5678" };

// Two annotators' "correctness" (a categorical score config Good/Bad) on six traces: they agree on
// 1, 3, 4 and 5. Cohen's κ: p_o = 4/6, p_e = (4·2 + 2·4)/36 = 16/36, κ = (24/36 − 16/36)/(20/36) = 0.4.
const ann = ["Good", "Good", "Bad", "Good", "Bad", "Good"];
const bob = ["Good", "Bad", "Bad", "Good", "Bad", "Bad"];

/** One annotator's categorical "correctness" score on trace `t`, as Langfuse stores it (1 for Good). */
function correctness(t: MockTrace, suffix: string, author: string, value: string) {
  return score(t.id, t.timestamp, {
    id: `${t.id}-${suffix}`,
    name: "correctness",
    source: "ANNOTATION",
    author,
    dataType: "CATEGORICAL",
    value: value === "Good" ? 1 : 0,
    stringValue: value,
  });
}

function traces(): MockTrace[] {
  return refundTraces(6, "2026-11-03T10:00:00.000Z").map((t, i) => ({
    ...t,
    scores: [
      correctness(t, "a", "user-ann", ann[i]!),
      correctness(t, "b", "user-bob", bob[i]!),
      score(t.id, t.timestamp, { id: `${t.id}-t`, name: "tone", source: "ANNOTATION", author: "user-ann", dataType: "NUMERIC", value: 4 }),
      score(t.id, t.timestamp, { id: `${t.id}-x`, name: "toxicity", source: "EVAL", dataType: "NUMERIC", value: 0.02 }),
    ],
  }));
}

let mock: MockLangfuse;
beforeAll(async () => {
  mock = await startMockLangfuse({ publicKey: keys.LANGFUSE_PUBLIC_KEY, secretKey: keys.LANGFUSE_SECRET_KEY, traces: traces() });
});
afterAll(() => mock.close());

/** `gavel import langfuse` from the mock since November 1st, with the project's keys unless `env` says otherwise. */
const langfuse = (args: string[], env: Record<string, string> = {}) =>
  gavel(["import", "langfuse", "--host", mock.url, "--since", "2026-11-01", ...args], { DATABASE_URL: database.url(), ...keys, ...env });

const pull = (extra: string[] = []) =>
  langfuse([
    "--queue",
    "lf-correctness",
    "--label-score",
    "correctness",
    "--map",
    "Good=pass",
    "--map",
    "Bad=fail",
    "--page-size",
    "4",
    "--score",
    "toxicity",
    "--pass-when",
    "<=0.1",
    "--json",
    ...extra,
  ]);

describe("gavel import langfuse", () => {
  it("pulls traces, observations and human annotation scores into a queue; the labels count toward its agreement", async () => {
    mock.throttle(2, "0");
    const first = await pull();
    expect(first.stderr).toContain("Langfuse is busy (429 from /api/public/projects)");
    expect(first.code).toBe(0);
    const report = JSON.parse(first.stdout) as LangfusePullReport;
    expect(report).toMatchObject({
      project: { id: "clproj000000000000000001", name: "refund-agent" },
      pages: 2,
      traces: { listed: 6, read: 6, alreadyPulled: 0, skipped: [] },
      transcripts: { created: 6, existing: 0, addedToQueue: 6 },
      labels: { created: 12, existing: 0, reviewersCreated: 2 },
      cursor: "2026-11-03T10:00:05.000Z",
    });
    expect(report.notes).toContain('6 human annotation "tone" (not the --label-score) left as they are');
    // toxicity 0.02 from an evaluator: a verdict only because --score/--pass-when said lower is better.
    expect(report.verdicts).toEqual({ created: 6, existing: 0 });
    expect(await db().judgeVerdict.count({ where: { judgeVersion: { judge: { name: "langfuse-toxicity" } }, value: "pass" } })).toBe(6);

    const transcripts = await db().transcript.findMany({ where: { source: "langfuse" }, select: { externalId: true, taskPrompt: true } });
    expect(transcripts.map((t) => t.externalId).sort()).toEqual(traces().map((t) => t.id));
    expect(transcripts.find((t) => t.externalId === "lf-t-002")?.taskPrompt).toContain("Please refund order #1001.");

    const queue = (await findQueue((await db().labelQueue.findUniqueOrThrow({ where: { name: "lf-correctness" } })).id))!;
    const labels = await loadCurrentLabels(queue);
    expect(labels).toHaveLength(12);
    const reviewers = await db().user.findMany({
      where: { email: { endsWith: "@imported.invalid" } },
      select: { email: true, passwordHash: true },
    });
    expect(reviewers.map((r) => r.email).sort()).toEqual([
      "langfuse-user-user-ann@imported.invalid",
      "langfuse-user-user-bob@imported.invalid",
    ]);
    expect(reviewers.every((r) => r.passwordHash === null)).toBe(true);
    const agreement = queueAgreement(labels, shapeOf(queue));
    expect(agreement.pairs).toHaveLength(1);
    expect(agreement.pairs[0]).toMatchObject({ n: 6, agreed: 4 });
    expect(agreement.pairs[0]!.kappa).toBeCloseTo(0.4, 10);
    expect(await db().label.count({ where: { queueId: queue.id, importedFrom: "langfuse" } })).toBe(12);
  });

  it("pulled again, adds nothing twice: the stored place skips what was read, and --from-start finds it all stored", async () => {
    const before = mock.requests.filter((r) => r.path.startsWith("/api/public/traces/")).length;
    const again = JSON.parse((await pull()).stdout) as LangfusePullReport;
    expect(again).toMatchObject({
      resumed: true,
      traces: { read: 0, alreadyPulled: 1 },
      transcripts: { created: 0 },
      labels: { created: 0 },
    });
    expect(mock.requests.filter((r) => r.path.startsWith("/api/public/traces/")).length).toBe(before);

    const whole = JSON.parse((await pull(["--from-start"])).stdout) as LangfusePullReport;
    expect(whole).toMatchObject({
      traces: { read: 6 },
      transcripts: { created: 0, existing: 6, addedToQueue: 0 },
      labels: { created: 0, existing: 12 },
    });
    expect(await db().transcript.count({ where: { source: "langfuse" } })).toBe(6);
    expect(await db().label.count({ where: { importedFrom: "langfuse" } })).toBe(12);
  });

  it("a value the mapping does not cover stops the pull naming the trace and the score, and writes nothing of that page", async () => {
    const run = await langfuse(["--queue", "lf-partial", "--label-score", "correctness", "--map", "Good=pass", "--from-start"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'trace lf-t-002 score lf-t-002-b (correctness): the CATEGORICAL value "Bad" is not covered by the mapping: add --map "Bad=pass" (or =fail)',
    );
    expect(await db().labelQueue.findUnique({ where: { name: "lf-partial" } })).toBeNull();
  });

  it("without keys, or with a mapping but no score, says what to do and reads nothing", async () => {
    const before = mock.requests.length;
    const noKeys = await langfuse([], { LANGFUSE_PUBLIC_KEY: "", LANGFUSE_SECRET_KEY: "" });
    expect(noKeys.code).toBe(2);
    expect(noKeys.stderr).toContain("Set LANGFUSE_PUBLIC_KEY and LANGFUSE_SECRET_KEY");
    const noScore = await langfuse(["--label-pass-when", ">=0.5"]);
    expect(noScore.code).toBe(2);
    expect(noScore.stderr).toContain("--label-pass-when, --map and --map-file apply to --label-score");
    const wrongKeys = await langfuse([], { LANGFUSE_SECRET_KEY: "sk-wrong" });
    expect(wrongKeys.code).toBe(2);
    expect(wrongKeys.stderr).toContain("refused the keys (401)");
    expect(mock.requests.length).toBe(before + 1);
  });
});
