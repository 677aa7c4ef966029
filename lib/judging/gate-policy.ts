import "server-only";
import { db } from "../db/client";
import { writeGatePolicy } from "../db/gate-policy";
import type { GatePolicy } from "../judges/gate";
import { demoteWhereThePolicyFails } from "./settle";

/** Saves the policy with its audit event; approved versions that no longer clear it are demoted in the same transaction. */
export async function saveGatePolicy(input: GatePolicy, actorId: string): Promise<GatePolicy> {
  return db().$transaction(async (tx) => {
    const policy = await writeGatePolicy(tx, input, actorId);
    await demoteWhereThePolicyFails(tx, policy);
    return policy;
  });
}
