import { z } from "zod";
import { defineGrader } from "./types";
import { quote } from "./text";

const scalar = z.union([z.string(), z.number()]);

/** The lab's exact match: trimmed, case-insensitive; `expected` may list several accepted answers. */
export const exact = defineGrader({
  kind: "exact",
  description: "The output equals `expected` (trimmed, case-insensitive); a list accepts any of its answers.",
  configSchema: z.strictObject({ expected: z.union([scalar, z.array(scalar).min(1)]) }),
  taskFields: ["expected"],
  requires: {},
  grade({ config, trial }) {
    const accepted = (Array.isArray(config.expected) ? config.expected : [config.expected]).map(String);
    if (trial.output === null)
      return { status: "fail", score: 0, reason: `no output; expected ${accepted.map((a) => quote(a)).join(" or ")}` };
    const normal = (s: string) => s.trim().toLowerCase();
    const got = normal(trial.output);
    const match = accepted.find((a) => normal(a) === got);
    return match !== undefined
      ? { status: "pass", score: 1, reason: `output equals ${quote(match)} (trimmed, case-insensitive)` }
      : { status: "fail", score: 0, reason: `expected ${accepted.map((a) => quote(a)).join(" or ")}, got ${quote(trial.output)}` };
  },
});
