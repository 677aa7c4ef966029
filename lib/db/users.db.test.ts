import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../testing/test-database";
import { listAuditEvents } from "./audit";
import { changeRole, countUsers, createFirstAdmin, createUser, setAdjudicator, setUserDisabled } from "./users";
import { UserError } from "../errors";

withTestDatabase();

const hash = "$2a$04$not-a-real-hash-but-never-checked-here";

describe("users", () => {
  it("creates a user and records who did it", async () => {
    const admin = await createUser({ email: "boss@example.com", role: "admin", passwordHash: hash }, null);
    const user = await createUser({ email: "new@example.com", role: "viewer", passwordHash: hash }, admin.id);
    const [event] = await listAuditEvents({ targetType: "user", targetId: user.id });
    expect(event).toMatchObject({ action: "user.created", actorId: admin.id, details: { email: "new@example.com", role: "viewer" } });
  });

  it("refuses a second account with the same email, with a message that says so", async () => {
    await createUser({ email: "twice@example.com", role: "viewer", passwordHash: hash }, null);
    await expect(createUser({ email: "twice@example.com", role: "admin", passwordHash: hash }, null)).rejects.toThrow(
      "A user with the email twice@example.com already exists.",
    );
  });

  it("writes every role change to the audit log with the old and new role", async () => {
    const admin = await createUser({ email: "admin2@example.com", role: "admin", passwordHash: hash }, null);
    const user = await createUser({ email: "promote@example.com", role: "viewer", passwordHash: hash }, admin.id);
    await changeRole(user.id, "reviewer", admin.id);
    const events = await listAuditEvents({ targetType: "user", targetId: user.id });
    expect(events.map((e) => e.action)).toContain("user.role_changed");
    expect(events.find((e) => e.action === "user.role_changed")?.details).toEqual({
      email: "promote@example.com",
      from: "viewer",
      to: "reviewer",
    });
  });

  it("never leaves the project without an active admin", async () => {
    const before = await countUsers();
    expect(before).toBeGreaterThan(0);
    // Demote every admin but one, then try the last.
    const { db } = await import("./client");
    const admins = await db().user.findMany({ where: { role: "admin", disabledAt: null } });
    const [last, ...others] = admins;
    for (const other of others) await changeRole(other.id, "viewer", last!.id);
    await expect(changeRole(last!.id, "viewer", last!.id)).rejects.toBeInstanceOf(UserError);
    await expect(setUserDisabled(last!.id, true, "someone-else")).rejects.toThrow(/at least one active admin/);
  });
});

describe("adjudicator flag", () => {
  it("grants and revokes it, writing each change to the audit log; an unchanged flag writes nothing", async () => {
    const admin = await createUser({ email: "flag-admin@example.com", role: "admin", passwordHash: hash }, null);
    const user = await createUser({ email: "flagged@example.com", role: "reviewer", passwordHash: hash }, admin.id);
    expect((await setAdjudicator(user.id, true, admin.id)).isAdjudicator).toBe(true);
    expect((await setAdjudicator(user.id, true, admin.id)).isAdjudicator).toBe(true);
    expect((await setAdjudicator(user.id, false, admin.id)).isAdjudicator).toBe(false);
    const events = await listAuditEvents({ targetType: "user", targetId: user.id });
    expect(
      events
        .map((e) => e.action)
        .filter((a) => a.startsWith("user.adjudicator"))
        .sort(),
    ).toEqual(["user.adjudicator_granted", "user.adjudicator_revoked"]);
    expect(events.find((e) => e.action === "user.adjudicator_granted")).toMatchObject({
      actorId: admin.id,
      details: { email: "flagged@example.com" },
    });
    await expect(setAdjudicator("nobody", true, admin.id)).rejects.toThrow("That user does not exist.");
  });
});

describe("createFirstAdmin", () => {
  it("is closed once any user exists", async () => {
    await expect(createFirstAdmin({ email: "late@example.com", passwordHash: hash })).rejects.toThrow(/Sign-up is closed/);
  });
});
