import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../testing/test-database";
import { db } from "./client";
import { createSession, endSession, sessionUser } from "./sessions";
import { changeRole, createUser, setUserDisabled } from "./users";

withTestDatabase();

let n = 0;
const user = (role: "admin" | "viewer" = "viewer") =>
  createUser({ email: `s${++n}-${Date.now()}@example.com`, role, passwordHash: null }, null);

describe("server-side sessions", () => {
  it("a live session reads its user; sign-out, expiry or another user's id end it", async () => {
    const u = await user();
    const sid = await createSession(u.id, 60);
    expect(await sessionUser(sid, u.id)).toMatchObject({ id: u.id, email: u.email });
    expect(await sessionUser(sid, "someone-else")).toBeNull();
    expect(await sessionUser(sid, u.id, new Date(Date.now() + 61_000))).toBeNull();
    await endSession(sid);
    expect(await sessionUser(sid, u.id)).toBeNull();
  });

  it("disabling a user or changing their role ends all their sessions, and nobody else's", async () => {
    const admin = await user("admin");
    await user("admin");
    const a = await user();
    const b = await user();
    const [a1, a2, b1] = [await createSession(a.id, 60), await createSession(a.id, 60), await createSession(b.id, 60)];
    await changeRole(a.id, "reviewer", admin.id);
    expect(await sessionUser(a1, a.id)).toBeNull();
    expect(await sessionUser(a2, a.id)).toBeNull();
    expect(await sessionUser(b1, b.id)).not.toBeNull();
    await setUserDisabled(b.id, true, admin.id);
    expect(await sessionUser(b1, b.id)).toBeNull();
    expect(await db().session.count({ where: { userId: { in: [a.id, b.id] } } })).toBe(0);
  });
});
