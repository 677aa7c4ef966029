import { describe, expect, it } from "vitest";
import { signInErrorMessage } from "./messages";

describe("signInErrorMessage", () => {
  it("explains known codes", () => {
    expect(signInErrorMessage("SessionInvalid")).toMatch(/invalid or has expired/);
    expect(signInErrorMessage("CredentialsSignin")).toBe("Wrong email or password.");
  });

  it("passes Gavel's own messages through", () => {
    expect(signInErrorMessage("Enter your password.")).toBe("Enter your password.");
  });

  it("never echoes arbitrary text from a link", () => {
    expect(signInErrorMessage("Your account is locked, call +1 555 0100")).toBe("Sign-in failed. Try again.");
    expect(signInErrorMessage(undefined)).toBeNull();
  });
});
