import { z } from "zod";

/**
 * Where the first start's demo data stands. `npm start` serves first and seeds after (LLMBar, HANNA
 * and three runs take 15 s to a minute), recording each step; the app shows it and /api/health
 * reports it, so nobody mistakes a half-seeded demo for the real thing.
 */
export const demoStatusSchema = z.object({
  state: z.enum(["loading", "ready", "failed"]),
  /** Steps finished so far, of `steps`. */
  done: z.number().int().min(0),
  steps: z.number().int().min(1),
  /** The step under way (loading) or the error (failed). */
  detail: z.string(),
  updatedAt: z.string(),
});
export type DemoStatus = z.infer<typeof demoStatusSchema>;

/** A loading status not touched for this long belongs to a start that was stopped mid-way. */
export const DEMO_STALE_MS = 10 * 60_000;

/** The line the app shows about the demo data, or null when there is nothing to say. */
export function demoNotice(status: DemoStatus | null, now = Date.now()): { tone: "info" | "warn"; text: string } | null {
  if (!status || status.state === "ready") return null;
  if (status.state === "failed") return { tone: "warn", text: `The demo data could not be loaded: ${status.detail}` };
  if (now - Date.parse(status.updatedAt) > DEMO_STALE_MS) {
    return {
      tone: "warn",
      text: `The demo data stopped loading after step ${status.done} of ${status.steps} (the server was stopped); the next npm start finishes it.`,
    };
  }
  return {
    tone: "info",
    text: `Loading the demo data, step ${status.done + 1} of ${status.steps}: ${status.detail}. Pages fill in as it arrives; reload to see more.`,
  };
}
