import { z } from "zod";
import { SUBSCRIBABLE_EVENTS, WEBHOOK_FORMATS } from "../webhook-events";
import { webhookUrlProblem } from "../webhooks/hosts";

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The admin's webhook form: URL (an allowed host), at least one event, a format, and an optional secret. */
export const webhookEndpointInput = z.object({
  url: z
    .string({ error: "Enter the endpoint's URL." })
    .trim()
    .max(2000, "Use at most 2,000 characters.")
    .superRefine((url, ctx) => {
      const problem = webhookUrlProblem(url);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  events: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.enum(SUBSCRIBABLE_EVENTS as [string, ...string[]], { error: `Events are ${SUBSCRIBABLE_EVENTS.join(", ")}.` }))
      .min(1, "Choose at least one event."),
  ),
  format: z.enum(WEBHOOK_FORMATS, { error: "Format is standard or slack." }).default("standard"),
  /** whsec_ and base64 (Standard Webhooks); blank: Gavel generates one. */
  secret: z.preprocess(
    blank,
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]{16,}={0,2}$/, "A secret is whsec_ followed by at least 16 base64 characters, or leave it blank.")
      .optional(),
  ),
});

export const webhookEndpointId = z.object({ endpointId: z.string().min(1, "Which endpoint?") });
