import { z } from "zod";

const optionalText = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z.string().trim().max(200).nullable().default(null),
);

/** A live-trace routing rule as the routing page's form sends it. */
export const ingestRuleInput = z
  .object({
    name: z.string().trim().min(1, "Name the rule (what it routes: “support bot, acme”)").max(100),
    service: optionalText,
    attributeKey: optionalText,
    attributeValue: optionalText,
    sampleRate: z.coerce
      .number({ error: "A number from 0 to 100" })
      .min(0, "A number from 0 to 100")
      .max(100, "A number from 0 to 100")
      .transform((percent) => percent / 100),
    queueId: z.string().min(1, "Choose the label set the traces go to"),
    enabled: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()),
  })
  .refine((r) => r.attributeValue === null || r.attributeKey !== null, {
    message: "An attribute value needs its key",
    path: ["attributeKey"],
  });

export const ingestRuleId = z.object({ ruleId: z.string().min(1) });
export const ingestRuleToggle = z.object({ ruleId: z.string().min(1), enabled: z.enum(["true", "false"]).transform((v) => v === "true") });
