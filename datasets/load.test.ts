import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SuiteError } from "./errors";
import { loadSuite } from "./load";

function suiteFile(text: string, name = "suite.yaml"): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-suite-"));
  writeFileSync(path.join(dir, name), text);
  return dir;
}

async function problems(text: string, name?: string): Promise<string[]> {
  const dir = suiteFile(text, name);
  try {
    await loadSuite(dir);
  } catch (error) {
    const file = path.join(dir, name ?? "suite.yaml");
    if (error instanceof SuiteError)
      return error.message.split("\n").map((line) => line.replace(path.relative(process.cwd(), file), "FILE").replace(file, "FILE"));
    throw error;
  }
  throw new Error("the suite loaded");
}

const ok = (tasks: string) => `name: demo\ntasks:\n${tasks}`;

describe("loading a valid suite", () => {
  it("resolves tasks, contract hashes and a suite hash that ignores formatting", async () => {
    const yaml = await loadSuite(suiteFile(ok("  - { id: a, prompt: hi, grader: exact, expected: x }\n")));
    const json = await loadSuite(
      suiteFile(JSON.stringify({ tasks: [{ expected: "x", grader: "exact", prompt: "hi", id: "a" }], name: "demo" }), "suite.json"),
    );
    expect(yaml.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(json.hash).toBe(yaml.hash);
    expect(json.tasks[0]!.contractHash).toBe(yaml.tasks[0]!.contractHash);
    expect(yaml.tasks[0]).toMatchObject({
      id: "a",
      prompt: "hi",
      stop: { maxSteps: 20, maxWallClockS: 60, maxCostUsd: null },
      graders: [{ kind: "exact", configJson: { expected: "x" } }],
    });
  });

  it("changes the contract hash when the task's contract changes", async () => {
    const a = await loadSuite(suiteFile(ok("  - { id: a, prompt: hi, grader: exact, expected: x }\n")));
    const b = await loadSuite(suiteFile(ok("  - { id: a, prompt: hi, grader: exact, expected: y }\n")));
    expect(b.tasks[0]!.contractHash).not.toBe(a.tasks[0]!.contractHash);
    expect(b.hash).not.toBe(a.hash);
  });

  it("loads the shipped suites", async () => {
    expect((await loadSuite("datasets/smoke")).tasks).toHaveLength(4);
    const refund = await loadSuite("refund");
    expect(refund.tasks.length).toBeGreaterThanOrEqual(30);
    const hard = refund.tasks.filter((t) => t.category === "edge" || t.category === "adversarial");
    expect(hard.length / refund.tasks.length).toBeGreaterThanOrEqual(0.2);
    expect(new Set(refund.tasks.map((t) => t.difficulty))).toEqual(new Set(["easy", "medium", "hard"]));
  });
});

describe("a malformed suite names the file, the task and the field", () => {
  it("bad YAML", async () => {
    expect(await problems("name: demo\ntasks:\n  - id: a\n    prompt: [unclosed\n")).toEqual([
      expect.stringMatching(/^FILE: invalid YAML at line \d+, column \d+: /),
    ]);
  });

  it("bad JSON", async () => {
    expect(await problems('{"name": "demo",', "suite.json")).toEqual([expect.stringMatching(/^FILE: invalid JSON: .*line 1/)]);
    expect(await problems('{\n  "name": "demo",\n  "tasks": [1,]\n}', "suite.json")).toEqual([
      expect.stringMatching(/^FILE: invalid JSON: .* \(at line 3, column 15\)/),
    ]);
  });

  it("a missing field", async () => {
    expect(await problems(ok("  - { id: a, grader: exact, expected: x }\n"))).toEqual([
      'FILE: task "a" (tasks[0]): prompt: a task needs a prompt or inputs.user_request',
    ]);
    expect(await problems(ok("  - { id: a, prompt: hi, grader: exact }\n"))).toEqual([
      'FILE: task "a" (tasks[0]): expected: required by the exact grader',
    ]);
    expect(await problems(ok("  - { prompt: hi, grader: exact, expected: x }\n"))).toEqual([
      "FILE: task (tasks[0]): id: every task needs an id",
    ]);
    expect(await problems("tasks:\n  - { id: a, prompt: hi, grader: exact, expected: x }\n")).toEqual([
      "FILE: name: the suite needs a name",
    ]);
  });

  it("an unknown grader", async () => {
    expect(await problems(ok("  - { id: a, prompt: hi, grader: exactt, expected: x }\n"))).toEqual([
      'FILE: task "a" (tasks[0]): grader: unknown grader "exactt" (known: exact, rule, judge, state, tools, side_effects)',
      'FILE: task "a" (tasks[0]): expected: not read by any of this task\'s graders (exactt)',
    ]);
    expect(await problems(ok("  - { id: a, prompt: hi, graders: [exact, { kind: vibes }], expected: x }\n"))).toEqual([
      'FILE: task "a" (tasks[0]): graders[1].kind: unknown grader "vibes" (known: exact, rule, judge, state, tools, side_effects)',
    ]);
  });

  it("a duplicate task id", async () => {
    const tasks = ["a", "b", "a"].map((id) => `  - { id: ${id}, prompt: hi, grader: exact, expected: x }\n`).join("");
    expect(await problems(ok(tasks))).toEqual(['FILE: task "a" (tasks[2]): id: duplicate task id (first used by tasks[0])']);
  });

  it("bad grader options, unknown fields and sandbox-only features without a sandbox", async () => {
    expect(await problems(ok("  - { id: a, prompt: hi, graders: [{ kind: rule, regex: '(' }] }\n"))).toEqual([
      expect.stringMatching(/^FILE: task "a" \(tasks\[0\]\): graders\[0\]\.regex: invalid regular expression/),
    ]);
    expect(await problems(ok("  - { id: a, prompt: hi, grader: exact, expected: x, expectd: y }\n"))).toEqual([
      'FILE: task "a" (tasks[0]): unknown field "expectd"',
    ]);
    expect(await problems(ok("  - { id: a, prompt: hi, grader: state, assertions: ['a == 1'] }\n"))).toEqual([
      'FILE: task "a" (tasks[0]): grader: the state grader needs a sandbox: set "sandbox" in the suite',
    ]);
    expect(await problems(ok("  - { id: a, prompt: hi, grader: exact, expected: x, stop_conditions: { max_steps: 0 } }\n"))).toEqual([
      expect.stringMatching(/^FILE: task "a" \(tasks\[0\]\): stop_conditions\.max_steps: /),
    ]);
  });

  it("a malformed assertion, an unknown tool and a bad seed in a sandboxed suite", async () => {
    const sandbox = path.resolve("datasets/refund/sandbox.ts");
    const dir = suiteFile(
      [
        "name: demo",
        `sandbox: ./sandbox.ts#refundSandbox`,
        "tasks:",
        "  - { id: a, prompt: hi, grader: state, assertions: ['orders[A1.status == 1'], seed: { orders: [] } }",
        "  - { id: b, prompt: hi, grader: tools, allowed_tools: [get_order, refund_all], seed: { orders: [{ order_id: A1 }] } }",
      ].join("\n"),
    );
    writeFileSync(path.join(dir, "sandbox.ts"), `export { refundSandbox } from ${JSON.stringify(sandbox)};\n`);
    const error = await loadSuite(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SuiteError);
    const lines = (error as SuiteError).issues.map((i) => `${i.task?.id} ${i.path.join(".")}: ${i.message}`);
    expect(lines).toEqual([
      expect.stringMatching(/^a assertions\.0: expected '\]' at column/),
      expect.stringMatching(/^a seed: orders: /),
      'b allowed_tools.1: unknown tool "refund_all" (sandbox refund has get_order, issue_refund, send_confirmation)',
      expect.stringMatching(/^b seed: orders\.0\.customer_email: /),
    ]);
  });

  it("lists every problem at once", async () => {
    const tasks = "  - { id: a, grader: exact, expected: x }\n  - { id: b, prompt: hi, grader: nope }\n";
    expect(await problems(ok(tasks))).toHaveLength(2);
  });

  it("a missing suite", async () => {
    await expect(loadSuite("datasets/does-not-exist")).rejects.toThrow(/no such suite/);
  });
});

describe("the gates section", () => {
  const two =
    "tasks:\n  - { id: a, prompt: hi, grader: exact, expected: x, tags: { golden: true } }\n  - { id: b, prompt: hi, grader: rule, must_include: [x] }\n";
  it("fills in the defaults and keeps gates out of the suite hash", async () => {
    const plain = await loadSuite(suiteFile(`name: demo\n${two}`));
    const tuned = await loadSuite(
      suiteFile(
        `name: demo\ngates:\n  trend: { margin: 0.1 }\n  operational: { cost_p50: { max_increase: 0.5, max_usd: 0.25 }, flake_rate: false }\n  hard:\n    - { tags: { golden: true }, graders: [exact] }\n${two}`,
      ),
    );
    expect(plain.gates.trend).toEqual({ margin: 0.05, metrics: ["pass_rate", "pass_power_k", "graders", "tags"] });
    expect(plain.gates.operational).toMatchObject({
      window: 10,
      costP50: { maxIncrease: 0.2, maxUsd: null },
      latencyP95: { maxIncrease: 0.25, minDeltaMs: 100 },
      toolRetries: { max: 2 },
      flakeRate: { maxIncrease: 0.05, max: null },
    });
    expect(tuned.gates.trend?.margin).toBe(0.1);
    expect(tuned.gates.operational).toMatchObject({ costP50: { maxIncrease: 0.5, maxUsd: 0.25 }, flakeRate: null });
    expect(tuned.gates.hard).toEqual([{ name: "golden=true: exact", tags: { golden: true }, graders: ["exact"] }]);
    expect(tuned.hash).toBe(plain.hash);
  });

  it("names every problem: a hard gate that selects nothing, a grader none of its tasks runs, a bad field", async () => {
    expect(
      await problems(
        `name: demo\ngates:\n  hard:\n    - { tags: { golden: false } }\n    - { tags: { golden: true }, graders: [state] }\n    - { graders: [telepathy] }\n  trend: { margin: 5 }\n  operational: { cost_p50: { max_increas: 0.2 } }\n${two}`,
      ),
    ).toEqual([
      "FILE: gates.hard[2].graders[0]: a grader kind (exact, rule, judge, state, tools, side_effects)",
      'FILE: gates.operational.cost_p50: unknown field "max_increas"',
      "FILE: gates.trend.margin: a share in [0, 1]",
    ]);
    expect(
      await problems(
        `name: demo\ngates:\n  hard:\n    - { tags: { golden: false } }\n    - { tags: { golden: true }, graders: [rule] }\n${two}`,
      ),
    ).toEqual([
      "FILE: gates.hard[0].tags: no task carries golden: false",
      "FILE: gates.hard[1].graders[0]: no selected task (1) is graded by rule",
    ]);
  });
});

describe("a bare task list (the lab's tasks.json)", () => {
  it("is named after its folder (tasks.json) or its file, and makes a judged task's expected its rubric", async () => {
    const list = JSON.stringify([
      { id: "a", prompt: "hi", grader: "exact", expected: "x" },
      { id: "b", prompt: "sum up", grader: "judge", expected: "Short and factual." },
    ]);
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "gavel-list-")), "My Lab");
    mkdirSync(dir);
    writeFileSync(path.join(dir, "tasks.json"), list);
    writeFileSync(path.join(dir, "Regression_Set.json"), list);
    const folder = await loadSuite(dir);
    expect([folder.name, folder.threshold, folder.tasks[1]!.graders[0]!.configJson]).toEqual([
      "my-lab",
      1,
      { rubric: "Short and factual." },
    ]);
    expect((await loadSuite(path.join(dir, "Regression_Set.json"))).name).toBe("regression_set");
  });

  it("keeps a suite file first when a folder has both", async () => {
    const dir = suiteFile(ok("  - { id: a, prompt: hi, grader: exact, expected: x }\n"));
    writeFileSync(path.join(dir, "tasks.json"), "[]");
    expect((await loadSuite(dir)).name).toBe("demo");
  });

  it("reports an empty list and a judged task with a rubric and an expected", async () => {
    expect(await problems("[]", "tasks.json")).toEqual(["FILE: tasks: a suite needs at least one task"]);
    expect(await problems(JSON.stringify([{ id: "s", prompt: "p", grader: "judge", rubric: "r", expected: "e" }]), "tasks.json")).toEqual([
      'FILE: task "s" (tasks[0]): expected: not read by any of this task\'s graders (judge)',
    ]);
  });
});

describe("hostile suite files", () => {
  it("a YAML alias bomb is refused with a message, not expanded", async () => {
    const bomb = [
      "a: &a [x, x, x, x, x, x, x, x, x]",
      ...Array.from(
        { length: 9 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(", ")}]`,
      ),
      "name: demo",
      "tasks: []",
    ].join("\n");
    expect(await problems(bomb)).toEqual([
      expect.stringContaining("YAML aliases expand too far (more than 100 alias uses): refused as a possible alias bomb"),
    ]);
  });

  it("invalid UTF-8 is refused with its line", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-suite-"));
    writeFileSync(
      path.join(dir, "suite.yaml"),
      Buffer.concat([
        Buffer.from("name: demo\ntasks:\n  - { id: a, prompt: caf"),
        Buffer.from([0xe9]),
        Buffer.from(", grader: exact, expected: x }\n"),
      ]),
    );
    await expect(loadSuite(dir)).rejects.toThrow("line 3: not valid UTF-8");
  });

  it("a JSON task list nested 3,000 levels deep or with a lone surrogate is refused, naming where", async () => {
    expect(await problems(`[{"id":"a","prompt":"hi","x":${"[".repeat(3000)}${"]".repeat(3000)}}]`, "tasks.json")).toEqual([
      expect.stringContaining("nested deeper than 64 levels (at 0.x.0.0.0.0.…)"),
    ]);
    expect(await problems('{"name":"demo","tasks":[{"id":"a","prompt":"\\ud800"}]}', "suite.json")).toEqual([
      expect.stringContaining("tasks.0.prompt: contains a lone surrogate (\\ud800)"),
    ]);
  });
});
