import { approveJudgeVersion } from "../judging/approvals";
import { calibrateOnLabelSet, runJudgeOnLabelSet } from "../judging/label-set-run";
import { seedJudgeVersion, type SeedItem } from "./seed-judges";

/**
 * A binary label set's test items, half passing ("good answer i", gold pass) and half failing ("bad answer i",
 * gold fail): what a pass/fail mock judge that passes exactly the good answers agrees with completely.
 */
export function passFailItems(prefix: string, n: number): SeedItem[] {
  return [
    ...Array.from({ length: n }, (_, i) => ({ key: `${prefix}-g${i}`, split: "test" as const, output: `good answer ${i}`, gold: "pass" })),
    ...Array.from({ length: n }, (_, i) => ({ key: `${prefix}-b${i}`, split: "test" as const, output: `bad answer ${i}`, gold: "fail" })),
  ];
}

/**
 * A pass/fail judge version on the mock model at `baseUrl`, run and calibrated on a label set's test split, and
 * approved when `approvedBy` is given: the gating judge the audit, held-gold and webhook tests need before they
 * can change anything under it. It goes through the real use cases, so it records what they record.
 */
export async function seedCalibratedJudge(
  name: string,
  input: { baseUrl: string; queueId: string; calibratedBy: string | null; approvedBy?: string },
) {
  const version = await seedJudgeVersion(name, {
    provider: "openai",
    model: `${name}-model`,
    baseUrl: input.baseUrl,
    promptTemplate: "{{output}}\nPASS or FAIL?",
    parser: "pass_fail",
  });
  await runJudgeOnLabelSet({ versionId: version.id, queueId: input.queueId, split: "test" });
  await calibrateOnLabelSet({ versionId: version.id, queueId: input.queueId, split: "test", actorId: input.calibratedBy });
  if (input.approvedBy) await approveJudgeVersion(version.id, input.approvedBy);
  return version;
}
