import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../testing/test-database";
import { seedUser } from "../testing/seed-judges";
import { DEFAULT_GATE_POLICY } from "../judges/gate";
import { listAuditEvents } from "./audit";
import { db } from "./client";
import { saveGatePolicy } from "../judging/gate-policy";
import { getGatePolicy } from "./gate-policy";

withTestDatabase();

describe("gate policy setting", () => {
  it("defaults, saves with an audit event, and falls back to the defaults when the stored value no longer parses", async () => {
    expect(await getGatePolicy()).toEqual(DEFAULT_GATE_POLICY);
    const admin = await seedUser("policy-admin@example.com");
    await saveGatePolicy({ ...DEFAULT_GATE_POLICY, minKappa: 0.7, maxFlipRate: 0.1 }, admin.id);
    expect(await getGatePolicy()).toMatchObject({ minKappa: 0.7, maxFlipRate: 0.1, minItems: 30 });
    const [event] = await listAuditEvents({ targetType: "setting" });
    expect(event).toMatchObject({
      action: "settings.judge_gate_policy_changed",
      actorId: admin.id,
      details: { from: { minKappa: 0.6 }, to: { minKappa: 0.7 } },
    });

    await db().setting.update({ where: { key: "judge_gate_policy" }, data: { value: { minKappa: "high" } } });
    expect(await getGatePolicy()).toEqual(DEFAULT_GATE_POLICY);
  });

  it("rejects a bad policy and writes nothing", async () => {
    const admin = await seedUser("policy-admin2@example.com");
    await expect(saveGatePolicy({ ...DEFAULT_GATE_POLICY, minKappa: 3 }, admin.id)).rejects.toThrow(/minKappa must be between -1 and 1/);
    expect(await listAuditEvents({ targetType: "setting" })).toHaveLength(1);
  });
});
