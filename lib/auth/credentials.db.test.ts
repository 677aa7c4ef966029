import { beforeAll, describe, expect, it } from "vitest";
import { withTestDatabase } from "../testing/test-database";
import { createUser, setUserDisabled } from "../db/users";
import { authorizeCredentials } from "./options";
import { hashPassword } from "./password";

withTestDatabase();

describe("signing in with email and password", () => {
  beforeAll(async () => {
    const admin = await createUser(
      { email: "admin@example.com", role: "admin", passwordHash: await hashPassword("correct horse battery") },
      null,
    );
    const gone = await createUser(
      { email: "gone@example.com", role: "viewer", passwordHash: await hashPassword("correct horse battery") },
      null,
    );
    await setUserDisabled(gone.id, true, admin.id);
  });

  it("accepts the right password, whatever the email's case", async () => {
    await expect(authorizeCredentials({ email: " Admin@Example.com ", password: "correct horse battery" })).resolves.toMatchObject({
      email: "admin@example.com",
    });
  });

  it("gives one clear message for a wrong password and for an unknown email", async () => {
    await expect(authorizeCredentials({ email: "admin@example.com", password: "nope" })).rejects.toThrow("Wrong email or password.");
    await expect(authorizeCredentials({ email: "nobody@example.com", password: "nope" })).rejects.toThrow("Wrong email or password.");
  });

  it("names the missing field", async () => {
    await expect(authorizeCredentials({ email: "", password: "x" })).rejects.toThrow("Enter an email address.");
    await expect(authorizeCredentials({ email: "admin@example.com" })).rejects.toThrow("Enter your password.");
    await expect(authorizeCredentials(undefined)).rejects.toThrow("Enter an email address.");
  });

  it("turns away a disabled account", async () => {
    await expect(authorizeCredentials({ email: "gone@example.com", password: "correct horse battery" })).rejects.toThrow(/disabled/);
  });
});
