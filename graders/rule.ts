import { Ajv } from "ajv";
import { z } from "zod";
import { defineGrader, fraction } from "./types";
import { quote } from "./text";

const pattern = z.union([z.string(), z.strictObject({ pattern: z.string(), flags: z.string().optional() })]).superRefine((value, ctx) => {
  const { pattern: source, flags } = typeof value === "string" ? { pattern: value, flags: undefined } : value;
  try {
    new RegExp(source, flags);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: `invalid regular expression: ${(error as Error).message}` });
  }
});

// Made on first use, not at import: building Ajv costs tens of ms of every command's start-up, and
// few suites use json_schema.
let ajvInstance: Ajv | undefined;
const ajv = () => (ajvInstance ??= new Ajv({ allErrors: true, strict: false }));

const config = z
  .strictObject({
    must_include: z.array(z.string().min(1)).optional(),
    must_exclude: z.array(z.string().min(1)).optional(),
    /** Every pattern must match the output. */
    regex: z.union([pattern, z.array(pattern)]).optional(),
    /** The output must be JSON valid against this schema. */
    json_schema: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.must_include && !value.must_exclude && !value.regex && !value.json_schema) {
      ctx.addIssue({
        code: "custom",
        path: ["must_include"],
        message: "the rule grader needs must_include, must_exclude, regex or json_schema",
      });
    }
    if (value.json_schema) {
      try {
        ajv().compile(value.json_schema);
      } catch (error) {
        ctx.addIssue({ code: "custom", path: ["json_schema"], message: `invalid JSON schema: ${(error as Error).message}` });
      }
    }
  });

/** Deterministic text rules: substrings (case-insensitive) that must or must not appear, regexes, a JSON schema. */
export const rule = defineGrader({
  kind: "rule",
  description:
    "must_include / must_exclude (case-insensitive substrings), regex patterns that must match, and a JSON schema the output must satisfy.",
  configSchema: config,
  taskFields: ["must_include", "must_exclude", "regex", "json_schema"],
  requires: {},
  grade({ config, trial }) {
    const output = trial.output ?? "";
    const lower = output.toLowerCase();
    const failures: string[] = [];
    let checks = 0;
    for (const needle of config.must_include ?? []) {
      checks++;
      if (!lower.includes(needle.toLowerCase())) failures.push(`missing ${quote(needle)}`);
    }
    for (const needle of config.must_exclude ?? []) {
      checks++;
      if (lower.includes(needle.toLowerCase())) failures.push(`contains excluded ${quote(needle)}`);
    }
    const patterns = config.regex === undefined ? [] : Array.isArray(config.regex) ? config.regex : [config.regex];
    for (const p of patterns) {
      checks++;
      const { pattern: source, flags } = typeof p === "string" ? { pattern: p, flags: undefined } : p;
      if (!new RegExp(source, flags).test(output)) failures.push(`does not match /${source}/${flags ?? ""}`);
    }
    if (config.json_schema) {
      checks++;
      let parsed: unknown;
      try {
        parsed = JSON.parse(output);
        const validate = ajv().compile(config.json_schema);
        if (!validate(parsed)) failures.push(`JSON does not fit the schema: ${ajv().errorsText(validate.errors)}`);
      } catch {
        failures.push("output is not JSON");
      }
    }
    const score = fraction(checks - failures.length, checks);
    if (trial.output === null) return { status: "fail", score: 0, reason: `no output (${checks} rules)` };
    return failures.length === 0
      ? { status: "pass", score, reason: `all ${checks} rules hold` }
      : { status: "fail", score, reason: `${failures.length} of ${checks} rules broken: ${failures.join("; ")}` };
  },
});
