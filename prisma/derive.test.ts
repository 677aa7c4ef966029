import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { derivePostgresSchema } from "./derive";

const migrationNames = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

describe("one schema, two migration histories", () => {
  it("derives prisma/postgres/schema.prisma from prisma/schema.prisma (run `npm run db -- derive`)", () => {
    const derived = derivePostgresSchema(readFileSync("prisma/schema.prisma", "utf8"));
    expect(readFileSync("prisma/postgres/schema.prisma", "utf8")).toBe(derived);
  });

  it("has the same migrations, by name, for SQLite and PostgreSQL", () => {
    expect(migrationNames("prisma/postgres/migrations")).toEqual(migrationNames("prisma/migrations"));
  });

  it("has a migration for the current schema (run `npm run db -- migration <name>`)", () => {
    const latest = migrationNames("prisma/migrations").at(-1)!;
    const snapshot = readFileSync(path.join("prisma/migrations", latest, "schema.snapshot.prisma"), "utf8");
    expect(snapshot).toBe(readFileSync("prisma/schema.prisma", "utf8"));
  });

  it("changes only the provider and the client folder", () => {
    const out = derivePostgresSchema(
      'generator client {\n  output = "../lib/db/generated/sqlite"\n}\ndatasource db {\n  provider = "sqlite"\n}\n',
    );
    expect(out).toContain('provider = "postgresql"');
    expect(out).toContain('output = "../../lib/db/generated/postgres"');
    expect(() => derivePostgresSchema("datasource db {}")).toThrow(/exactly one match/);
  });
});
