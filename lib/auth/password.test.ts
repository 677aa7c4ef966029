import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { DUMMY_HASH, PASSWORD_COST, burnPasswordCheck, hashPassword, verifyPassword } from "./password";

describe("password checks", () => {
  it("burns an unknown email's check on a hash of the same cost as a real password's, so both take as long", async () => {
    expect(bcrypt.getRounds(DUMMY_HASH)).toBe(PASSWORD_COST);
    const real = await hashPassword("correct horse");
    expect(bcrypt.getRounds(real)).toBe(PASSWORD_COST);
    expect(await bcrypt.compare("gavel-timing-equaliser", DUMMY_HASH)).toBe(true);
    await expect(burnPasswordCheck("anything")).resolves.toBeUndefined();
    expect(await verifyPassword("correct horse", real)).toBe(true);
    expect(await verifyPassword("wrong", real)).toBe(false);
  });
});
