import { sortedJson, sortedJsonHash } from "@/lib/hash";
import type { SandboxDefinition } from "@/lib/trial/sandbox";
import { GRADERS, GRADER_KINDS, isGraderKind, type GraderKind } from "@/graders/registry";
import { fromZod, type SuiteIssue } from "./errors";
import { DEFAULT_STOP, TaskSchema, type RawSuite } from "./schema";

export interface TaskGrader {
  position: number;
  kind: GraderKind;
  /** The parsed config the grader runs with. */
  config: unknown;
  /** The same config as plain JSON, for the run record and the contract hash. */
  configJson: Record<string, unknown>;
}

/** A task ready to run: defaults merged, graders resolved, budgets filled in. */
export interface SuiteTask {
  id: string;
  position: number;
  prompt: string;
  inputs: Record<string, unknown>;
  seed: unknown;
  tags: Record<string, string | number | boolean>;
  category: string | null;
  difficulty: string | null;
  allowedTools: string[] | null;
  stop: { maxSteps: number; maxCostUsd: number | null; maxWallClockS: number };
  graders: TaskGrader[];
  /** The task's full contract (after defaults) as canonical JSON-able data. */
  definition: Record<string, unknown>;
  contractHash: string;
}

const MERGED = new Set(["inputs", "tags", "stop_conditions", "side_effects"]);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

function mergeDefaults(defaults: Record<string, unknown>, task: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(task)) {
    merged[key] = MERGED.has(key) && isObject(defaults[key]) && isObject(value) ? { ...(defaults[key] as object), ...value } : value;
  }
  // A task's own grader list replaces the default one whichever of grader / graders each uses.
  if (task.grader !== undefined || task.graders !== undefined) {
    merged.grader = task.grader;
    merged.graders = task.graders;
  }
  return merged;
}

interface Context {
  file: string;
  suite: RawSuite;
  sandbox: SandboxDefinition | null;
}

/** Validates and resolves one task; returns its issues instead when it has any. */
export function resolveTask(raw: unknown, index: number, ctx: Context): SuiteTask | SuiteIssue[] {
  const rawId = isObject(raw) && typeof raw.id === "string" ? raw.id : undefined;
  const where = { index, id: rawId };
  const parsed = TaskSchema.safeParse(raw);
  if (!parsed.success) return fromZod(parsed.error, ctx.file, [], where);
  const own = parsed.data as Record<string, unknown>;
  const task = mergeDefaults((ctx.suite.defaults ?? {}) as Record<string, unknown>, own);
  const issues: SuiteIssue[] = [];
  const issue = (path: (string | number)[], message: string) => issues.push({ file: ctx.file, task: where, path, message });

  if (task.grader !== undefined && task.graders !== undefined) issue(["graders"], "set grader or graders, not both");
  const refs = (task.graders ?? (task.grader !== undefined ? [task.grader] : [])) as (string | { kind: string })[];
  const listPath = (i: number): (string | number)[] => (task.graders !== undefined ? ["graders", i] : ["grader"]);
  if (refs.length === 0) issue(["grader"], "every task needs a grader or graders");

  const inputs = (task.inputs ?? {}) as Record<string, unknown>;
  const prompt = (task.prompt as string | undefined) ?? (typeof inputs.user_request === "string" ? inputs.user_request : undefined);
  if (!prompt) issue(["prompt"], "a task needs a prompt or inputs.user_request");

  const read = new Set<string>();
  const graders: TaskGrader[] = [];
  refs.forEach((ref, i) => {
    const { kind, ...inline } = typeof ref === "string" ? { kind: ref } : ref;
    if (!isGraderKind(kind))
      return issue(
        [...listPath(i), ...(typeof ref === "string" ? [] : ["kind"])],
        `unknown grader "${kind}" (known: ${GRADER_KINDS.join(", ")})`,
      );
    const definition = GRADERS[kind];
    if (definition.requires.sandbox && !ctx.sandbox) issue(listPath(i), `the ${kind} grader needs a sandbox: set "sandbox" in the suite`);
    const fromTask = Object.fromEntries(
      definition.taskFields.filter((f) => task[f] !== undefined && !(f in inline)).map((f) => [f, task[f]]),
    );
    definition.taskFields.forEach((f) => read.add(f));
    const configJson = { ...fromTask, ...inline };
    const result = definition.configSchema.safeParse(configJson);
    if (!result.success) {
      for (const zi of fromZod(result.error, ctx.file, [], where)) {
        const [field] = zi.path;
        const isTaskField = typeof field === "string" && definition.taskFields.includes(field) && !(field in inline);
        const missing = isTaskField && task[field] === undefined;
        issues.push({
          ...zi,
          path: isTaskField ? zi.path : [...listPath(i), ...zi.path],
          message: missing ? `required by the ${kind} grader` : zi.message,
        });
      }
      return;
    }
    graders.push({ position: i, kind, config: result.data, configJson });
  });

  // A field no grader reads is almost always a mistake (a forgotten grader, a typo'd kind).
  for (const field of Object.keys(own)) {
    if (field !== "allowed_tools" && Object.values(GRADERS).some((g) => g.taskFields.includes(field)) && !read.has(field)) {
      issue(
        [field],
        `not read by any of this task's graders (${refs.map((r) => (typeof r === "string" ? r : r.kind)).join(", ") || "none"})`,
      );
    }
  }

  const allowed = (task.allowed_tools as string[] | undefined) ?? null;
  if (ctx.sandbox) {
    const known = Object.keys(ctx.sandbox.tools);
    allowed?.forEach((tool, i) => {
      if (!known.includes(tool))
        issue(["allowed_tools", i], `unknown tool "${tool}" (sandbox ${ctx.sandbox!.name} has ${known.join(", ")})`);
    });
    try {
      ctx.sandbox.seed(structuredClone(task.seed ?? null));
    } catch (error) {
      issue(["seed"], (error as Error).message);
    }
  } else {
    if (allowed) issue(["allowed_tools"], 'tools need a sandbox: set "sandbox" in the suite');
    if (task.seed !== undefined) issue(["seed"], 'a seed needs a sandbox: set "sandbox" in the suite');
  }
  if (issues.length) return issues;

  const stop: { max_steps: number; max_wall_clock_s: number; max_cost_usd?: number } = { ...DEFAULT_STOP, ...(task.stop_conditions ?? {}) };
  const tags = (task.tags ?? {}) as Record<string, string | number | boolean>;
  const definition = JSON.parse(
    sortedJson({ ...task, grader: undefined, graders: graders.map((g) => ({ kind: g.kind, ...g.configJson })) }),
  ) as Record<string, unknown>;
  return {
    id: own.id as string,
    position: index,
    prompt: prompt!,
    inputs,
    seed: task.seed ?? null,
    tags,
    category: typeof tags.category === "string" ? tags.category : null,
    difficulty: typeof tags.difficulty === "string" ? tags.difficulty : null,
    allowedTools: allowed,
    stop: { maxSteps: stop.max_steps, maxCostUsd: stop.max_cost_usd ?? null, maxWallClockS: stop.max_wall_clock_s },
    graders,
    definition,
    contractHash: sortedJsonHash(definition),
  };
}
