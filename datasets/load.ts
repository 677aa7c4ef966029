import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import { jsonValueProblem, parseJsonSafely } from "../lib/text/safe-json";
import { decodeUtf8 } from "../lib/text/utf8";
import { sortedJsonHash, sha256 } from "@/lib/hash";
import { resolveGates, type GateConfig } from "@/lib/gates/config";
import { selectTasks } from "@/lib/gates/hard";
import type { SandboxDefinition } from "@/lib/trial/sandbox";
import { SuiteError, fromZod, type SuiteIssue } from "./errors";
import { resolveTask, type SuiteTask } from "./resolve-task";
import { SuiteSchema } from "./schema";
import { suiteFromTaskList } from "./task-list";
import { importUserModule } from "@/lib/trial/user-module";

export type { SuiteTask, TaskGrader } from "./resolve-task";

export interface LoadedSuite {
  name: string;
  description: string | null;
  /** Absolute path of the suite file. */
  file: string;
  threshold: number;
  /** The suite's `agent:` name: the default agent label. Not part of the hash (it names, it does not test). */
  agentLabel: string | null;
  sandbox: { ref: string; definition: SandboxDefinition; sourceHash: string } | null;
  tasks: SuiteTask[];
  /** Every gate beside the threshold, defaults filled in. Not part of the hash: tuning a gate keeps the history comparable. */
  gates: GateConfig;
  /** The suite's content (tasks after defaults, sandbox source hash): what its hash is taken of. */
  definition: Record<string, unknown>;
  hash: string;
}

/** A folder's suite file; the lab's bare task list (tasks.json) when it has no suite file. */
const FILE_NAMES = ["suite.yaml", "suite.yml", "suite.json", "tasks.json"];

/** A folder (datasets/smoke), a suite file, or a bare name looked up under datasets/. */
export function findSuiteFile(target: string): string {
  const candidates = [target];
  if (!target.includes("/") && !target.includes("\\") && !existsSync(target)) candidates.push(path.join("datasets", target));
  for (const candidate of candidates) {
    const abs = path.resolve(candidate);
    if (!existsSync(abs)) continue;
    if (!statSync(abs).isDirectory()) return abs;
    const found = FILE_NAMES.map((f) => path.join(abs, f)).find(existsSync);
    if (found) return found;
    throw new SuiteError([{ file: abs, path: [], message: `no ${FILE_NAMES.join(", ")} in this folder` }]);
  }
  throw new SuiteError([
    { file: path.resolve(target), path: [], message: "no such suite (give a folder under datasets/, or a suite file)" },
  ]);
}

/** YAML aliases may be used this often in a suite file; more is refused (an alias bomb expands exponentially). */
export const MAX_YAML_ALIASES = 100;

function parseFile(file: string): unknown {
  const decoded = decodeUtf8(readFileSync(file));
  if (!decoded.ok) throw new SuiteError([{ file, path: [], message: decoded.error }]);
  const text = decoded.text;
  if (file.endsWith(".json")) {
    const parsed = parseJsonSafely(text);
    if ("value" in parsed) return parsed.value;
    throw new SuiteError([{ file, path: [], message: parsed.parse ? `invalid JSON: ${parsed.error}` : parsed.error }]);
  }
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length) {
    throw new SuiteError(
      doc.errors.map((e) => ({
        file,
        path: [],
        message: `invalid YAML at line ${e.linePos?.[0].line ?? "?"}, column ${e.linePos?.[0].col ?? "?"}: ${e.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "")}`,
      })),
    );
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    // yaml throws a ReferenceError when aliases expand past the limit.
    if (error instanceof ReferenceError)
      throw new SuiteError([
        {
          file,
          path: [],
          message: `YAML aliases expand too far (more than ${MAX_YAML_ALIASES} alias uses): refused as a possible alias bomb`,
        },
      ]);
    throw error;
  }
  const problem = jsonValueProblem(value);
  if (problem) throw new SuiteError([{ file, path: [], message: problem }]);
  return value;
}

async function loadSandbox(ref: string, file: string): Promise<LoadedSuite["sandbox"]> {
  const [modulePath, exportName = "default"] = ref.split("#") as [string, string?];
  const abs = path.resolve(path.dirname(file), modulePath);
  const fail = (message: string): never => {
    throw new SuiteError([{ file, path: ["sandbox"], message }]);
  };
  if (!existsSync(abs)) fail(`no module at ${path.relative(process.cwd(), abs)}`);
  let mod: Record<string, unknown>;
  try {
    mod = await importUserModule(abs);
  } catch (error) {
    return fail(`could not load ${modulePath}: ${(error as Error).message}`);
  }
  const definition = mod[exportName] as SandboxDefinition | undefined;
  if (!definition || typeof definition.seed !== "function" || typeof definition.tools !== "object") {
    return fail(`${modulePath} has no sandbox export "${exportName}" (use defineSandbox)`);
  }
  return { ref, definition, sourceHash: sha256(readFileSync(abs)) };
}

/**
 * Reads, validates and resolves a suite. Throws SuiteError listing every problem (file, task,
 * field); on success the suite is complete and nothing has been run or written.
 */
export async function loadSuite(target: string): Promise<LoadedSuite> {
  const file = findSuiteFile(target);
  const data = parseFile(file);
  return resolveSuite(Array.isArray(data) ? suiteFromTaskList(data, file) : data, file);
}

/**
 * Validates suite data already read from `file`. Tests may pass a sandbox definition directly
 * instead of a module path.
 */
export async function resolveSuite(data: unknown, file: string, options: { sandbox?: SandboxDefinition } = {}): Promise<LoadedSuite> {
  const parsed = SuiteSchema.safeParse(data);
  if (!parsed.success) throw new SuiteError(fromZod(parsed.error, file));
  const suite = parsed.data;
  const sandbox = options.sandbox
    ? { ref: "(in memory)", definition: options.sandbox, sourceHash: sha256(options.sandbox.name) }
    : suite.sandbox
      ? await loadSandbox(suite.sandbox, file)
      : null;

  const issues: SuiteIssue[] = [];
  const tasks: SuiteTask[] = [];
  const firstIndex = new Map<string, number>();
  suite.tasks.forEach((raw, index) => {
    const id =
      raw !== null && typeof raw === "object" && typeof (raw as { id?: unknown }).id === "string" ? (raw as { id: string }).id : undefined;
    const earlier = id === undefined ? undefined : firstIndex.get(id);
    if (earlier !== undefined)
      issues.push({ file, task: { index, id }, path: ["id"], message: `duplicate task id (first used by tasks[${earlier}])` });
    else if (id !== undefined) firstIndex.set(id, index);
    const resolved = resolveTask(raw, index, { file, suite, sandbox: sandbox?.definition ?? null });
    if (Array.isArray(resolved)) issues.push(...resolved);
    else tasks.push(resolved);
  });
  if (issues.length) throw new SuiteError(issues);
  const gates = resolveGates(suite.gates);
  issues.push(...checkHardGates(gates, tasks, file));
  if (issues.length) throw new SuiteError(issues);

  const definition = {
    name: suite.name,
    description: suite.description ?? null,
    threshold: suite.threshold,
    sandbox: sandbox ? { ref: sandbox.ref, sourceHash: sandbox.sourceHash } : null,
    tasks: tasks.map((t) => t.definition),
  };
  return {
    name: suite.name,
    description: suite.description ?? null,
    file,
    threshold: suite.threshold,
    agentLabel: suite.agent ?? null,
    sandbox,
    tasks,
    gates,
    definition,
    hash: sortedJsonHash(definition),
  };
}

/** A hard gate must select something: its tags match a task, and each grader it names runs on one of them. */
function checkHardGates(gates: GateConfig, tasks: SuiteTask[], file: string): SuiteIssue[] {
  const issues: SuiteIssue[] = [];
  gates.hard.forEach((gate, i) => {
    const selected = selectTasks(tasks, gate.tags);
    if (selected.length === 0) {
      issues.push({
        file,
        path: ["gates", "hard", i, "tags"],
        message: `no task carries ${Object.entries(gate.tags ?? {})
          .map(([k, v]) => `${k}: ${v}`)
          .join(", ")}`,
      });
      return;
    }
    gate.graders?.forEach((kind, j) => {
      if (!selected.some((t) => t.graders.some((g) => g.kind === kind))) {
        issues.push({
          file,
          path: ["gates", "hard", i, "graders", j],
          message: `no selected task (${selected.length}) is graded by ${kind}`,
        });
      }
    });
  });
  return issues;
}
