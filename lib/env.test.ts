import { describe, expect, it } from "vitest";
import { readEnv } from "./env";

describe("readEnv", () => {
  it("defaults to SQLite and no single sign-on", () => {
    const env = readEnv({});
    expect(env.databaseProvider).toBe("sqlite");
    expect(env.oidc).toBeNull();
  });

  it("switches to PostgreSQL on a postgres URL", () => {
    expect(readEnv({ DATABASE_URL: "postgresql://u@127.0.0.1/db" }).databaseProvider).toBe("postgres");
  });

  it("names the variable that is wrong", () => {
    expect(() => readEnv({ NEXTAUTH_URL: "not a url" })).toThrow(/NEXTAUTH_URL: NEXTAUTH_URL must be a URL/);
    expect(() => readEnv({ GAVEL_OIDC_ISSUER: "https://id.example.com" })).toThrow(/set all of GAVEL_OIDC_ISSUER/);
  });

  it("turns single sign-on on when all three variables are set", () => {
    const env = readEnv({ GAVEL_OIDC_ISSUER: "https://id.example.com", GAVEL_OIDC_CLIENT_ID: "c", GAVEL_OIDC_CLIENT_SECRET: "s" });
    expect(env.oidc).toEqual({ issuer: "https://id.example.com", clientId: "c", clientSecret: "s", name: "Single sign-on" });
  });
});
