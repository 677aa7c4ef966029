import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseProvider, databaseUrl, redactUrl, sqliteFilePath } from "./database-url";

describe("databaseUrl", () => {
  it("defaults to an SQLite file under data/", () => {
    expect(databaseUrl({})).toBe("file:./data/gavel.db");
    expect(sqliteFilePath(databaseUrl({}))).toBe(path.resolve("data/gavel.db"));
  });

  it("follows GAVEL_DATA_DIR when DATABASE_URL is unset", () => {
    expect(databaseUrl({ GAVEL_DATA_DIR: "tmp/x" })).toBe(`file:${path.resolve("tmp/x/gavel.db")}`);
  });

  it("prefers DATABASE_URL", () => {
    expect(databaseUrl({ DATABASE_URL: "postgres://u@h/db", GAVEL_DATA_DIR: "x" })).toBe("postgres://u@h/db");
  });
});

describe("databaseProvider", () => {
  it("recognises both providers", () => {
    expect(databaseProvider("file:./a.db")).toBe("sqlite");
    expect(databaseProvider("postgresql://u:p@h:5432/db")).toBe("postgres");
    expect(databaseProvider("postgres://h/db")).toBe("postgres");
  });

  it("rejects anything else without echoing the password", () => {
    expect(() => databaseProvider("mysql://root:hunter2@h/db")).toThrow(/file:.*postgres/);
    expect(() => databaseProvider("mysql://root:hunter2@h/db")).not.toThrow(/hunter2/);
    expect(redactUrl("postgres://u:secret@h/db")).toBe("postgres://u:***@h/db");
  });
});
