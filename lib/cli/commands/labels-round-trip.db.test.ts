import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { db } from "../../db/client";
import { gavel } from "../../testing/cli";
import { seedQueue } from "../../testing/seed-labeling";
import { withTestDatabase } from "../../testing/test-database";

const database = withTestDatabase();
const dir = mkdtempSync(path.join(tmpdir(), "gavel-round-trip-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = () => ({ DATABASE_URL: database.url() });

/** A real Label Studio export (its own test sample): the shape every "labeled" task below copies. */
const template = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "../../labeling/label-import/fixtures/label-studio-previous-export.json"), "utf8"),
) as { annotations: Record<string, unknown>[] } & Record<string, unknown>;

const keys = Array.from({ length: 8 }, (_, i) => `rt-${i + 1}`);
// What two annotators in Label Studio chose, in the team's own words: "Positive" / "Negative".
const planned = keys.flatMap((key, i) => [
  { key, reviewer: { id: 7, email: "ana@example.com" }, choice: i % 3 === 0 ? "Negative" : "Positive", leadTime: 10 + i },
  { key, reviewer: { id: 9, email: "ben@example.com" }, choice: i % 4 === 0 ? "Negative" : "Positive", leadTime: 20.5 + i },
]);

const stored = (queueId: string) =>
  db().label.findMany({
    where: { queueId },
    select: {
      value: true,
      timeSpentMs: true,
      importedFrom: true,
      reviewer: { select: { email: true } },
      transcript: { select: { externalId: true } },
    },
  });

describe("round trip with labeling tools", () => {
  it("a queue exported as Label Studio tasks, labeled there and imported back with a value mapping, brings every label home", async () => {
    const queue = await seedQueue({ name: "round-trip-ls", order: "input", reviewersPerItem: 2, items: keys.map((key) => ({ key })) });
    const tasksFile = path.join(dir, "tasks.json");
    const exported = await gavel(["labels", "export", "round-trip-ls", "--format", "label-studio", "--out", tasksFile], env());
    expect(exported.stderr).toContain(`Wrote 8 items of "round-trip-ls" as Label Studio tasks to ${tasksFile}`);
    expect(exported.code).toBe(0);
    const tasks = JSON.parse(readFileSync(tasksFile, "utf8")) as { data: Record<string, string> }[];
    expect(tasks.map((t) => t.data.external_id)).toEqual(keys);
    expect(tasks[0]!.data).toMatchObject({
      prompt: "Task rt-1",
      output: "Output of rt-1",
      conversation: "user: Task rt-1 (round-trip-ls)\n\nassistant: Answer for rt-1",
    });

    const config = readFileSync(path.join(dir, "tasks.label-config.xml"), "utf8");
    const wellFormed = await validateXML({ xml: [{ fileName: "config.xml", contents: config }], schema: [] });
    expect(wellFormed.errors).toEqual([]);
    expect(config).toContain('<Choices name="verdict" toName="output" choice="single"');
    expect(config).toContain('<Choice value="pass"/>');
    expect(config).toContain('<Text name="prompt" value="$prompt"/>');

    // Label Studio's Export → JSON: each task with its id, data as imported, and one annotation per annotator.
    const annotation = template.annotations[0]!;
    const result = (annotation.result as Record<string, unknown>[])[0]!;
    const labeled = tasks.map((task, t) => ({
      ...template,
      id: 500 + t,
      data: task.data,
      annotations: planned
        .filter((p) => p.key === task.data.external_id)
        .map((p, n) => ({
          ...annotation,
          id: 9000 + t * 10 + n,
          task: 500 + t,
          completed_by: { ...(annotation.completed_by as object), id: p.reviewer.id, email: p.reviewer.email },
          lead_time: p.leadTime,
          result: [{ ...result, id: `r${t}${n}`, from_name: "verdict", to_name: "output", value: { choices: [p.choice] } }],
        })),
    }));
    const labeledFile = path.join(dir, "labeled.json");
    writeFileSync(labeledFile, JSON.stringify(labeled, null, 2));

    const imported = await gavel(
      ["import", "labels", labeledFile, "--queue", "round-trip-ls", "--map", "Positive=pass", "--map", "Negative=fail", "--json"],
      env(),
    );
    expect(imported.stderr).toBe("");
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ ok: true, format: "label-studio", labels: 16, reviewersCreated: 2 });

    const labels = await stored(queue.queueId);
    const got = labels.map((l) => [l.transcript.externalId, l.reviewer.email, l.value, l.timeSpentMs, l.importedFrom]).sort();
    const want = planned
      .map((p) => [p.key, p.reviewer.email, p.choice === "Positive" ? "pass" : "fail", Math.round(p.leadTime * 1000), "label-studio"])
      .sort();
    expect(got).toEqual(want);
  });

  it("without the mapping, the team's own words are refused with every line named, and nothing is written", async () => {
    const queue = await seedQueue({ name: "round-trip-unmapped", order: "input", items: [{ key: "rt-u" }] });
    const file = path.join(dir, "unmapped.json");
    writeFileSync(
      file,
      JSON.stringify([
        {
          ...template,
          data: { transcript_id: queue.transcriptIds["rt-u"] },
          annotations: [
            { ...template.annotations[0], result: [{ from_name: "verdict", type: "choices", value: { choices: ["Positive"] } }] },
          ],
        },
      ]),
    );
    const run = await gavel(["import", "labels", file, "--queue", "round-trip-unmapped"], env());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'line 1 (task 1234), annotation 1: A binary label is one of pass, fail; got "positive". Map the tool\'s value with --map "Positive=…".',
    );
    expect(await db().label.count({ where: { queueId: queue.queueId } })).toBe(0);
    const bad = await gavel(["import", "labels", file, "--queue", "round-trip-unmapped", "--map", "Positive"], env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--map: "Positive" is not FROM=TO (e.g. Positive=pass)');
  });

  it("a queue exported as Argilla records, answered there and imported back with a mapping file, brings every label home", async () => {
    const queue = await seedQueue({ name: "round-trip-argilla", order: "input", items: keys.slice(0, 4).map((key) => ({ key })) });
    const recordsFile = path.join(dir, "records.json");
    const exported = await gavel(["labels", "export", "round-trip-argilla", "--format", "argilla", "--out", recordsFile], env());
    expect(exported.code).toBe(0);
    const settings = JSON.parse(readFileSync(path.join(dir, "records.argilla-settings.json"), "utf8")) as {
      questions: { name: string; labels: string[] }[];
    };
    expect(settings.questions).toEqual([expect.objectContaining({ name: "verdict", type: "label_selection", labels: ["pass", "fail"] })]);
    const records = JSON.parse(readFileSync(recordsFile, "utf8")) as { id: string; metadata: Record<string, string>; responses: unknown }[];
    expect(records.map((r) => r.metadata.external_id)).toEqual(keys.slice(0, 4));
    const answers = ["Yes", "No", "Yes", "Yes"];
    const answered = records.map((r, i) => ({
      ...r,
      responses: { verdict: [{ value: answers[i], user_id: "0b7e-user-1", status: "submitted" }] },
    }));
    writeFileSync(recordsFile, JSON.stringify(answered, null, 2));
    const mapFile = path.join(dir, "map.json");
    writeFileSync(mapFile, JSON.stringify({ Yes: "pass", No: "fail" }));
    const imported = await gavel(["import", "labels", recordsFile, "--queue", "round-trip-argilla", "--map-file", mapFile], env());
    expect(imported.code).toBe(0);
    const labels = await stored(queue.queueId);
    expect(labels.map((l) => [l.transcript.externalId, l.reviewer.email, l.value]).sort()).toEqual(
      keys.slice(0, 4).map((k, i) => [k, "argilla-user-0b7e-user-1@imported.invalid", answers[i] === "Yes" ? "pass" : "fail"]),
    );
  });

  it("a tool format needs --out, since it writes two files", async () => {
    const run = await gavel(["labels", "export", "round-trip-ls", "--format", "label-studio"], env());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--format label-studio writes two files");
  });
});
