import "server-only";
import { DEFAULT_GATE_POLICY, gatePolicySchema, type GatePolicy } from "../judges/gate-policy";
import { recordAudit } from "./audit";
import { db, type Db, type Tx } from "./client";

const KEY = "judge_gate_policy";

/** The judge gate policy: the stored setting over the defaults (a stored value that no longer parses falls back to them). */
export async function getGatePolicy(client: Db | Tx = db()): Promise<GatePolicy> {
  const row = await client.setting.findUnique({ where: { key: KEY } });
  if (!row) return DEFAULT_GATE_POLICY;
  const parsed = gatePolicySchema.safeParse(row.value);
  return parsed.success ? parsed.data : DEFAULT_GATE_POLICY;
}

/**
 * Writes the policy with its audit event, inside `tx`. Saving it is a use case (lib/judging/gate-policy.ts):
 * approved versions that no longer clear it are demoted in the same transaction.
 */
export async function writeGatePolicy(tx: Tx, input: GatePolicy, actorId: string): Promise<GatePolicy> {
  const policy = gatePolicySchema.parse(input);
  const before = await getGatePolicy(tx);
  await tx.setting.upsert({ where: { key: KEY }, update: { value: policy }, create: { key: KEY, value: policy } });
  await recordAudit(tx, {
    actorId,
    action: "settings.judge_gate_policy_changed",
    targetType: "setting",
    targetId: KEY,
    details: { from: before, to: policy },
  });
  return policy;
}
