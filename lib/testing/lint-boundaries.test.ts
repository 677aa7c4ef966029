import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

// The first lint loads the whole typed config: seconds on a loaded 2-core machine, past vitest's default 5 s.
describe("architecture boundaries (eslint.config.js)", { timeout: 60_000 }, () => {
  it("lets only lib/db import Prisma", async () => {
    expect(await problems('import { PrismaClient } from "@prisma/client";\nexport const c = PrismaClient;\n', "lib/engine/x.ts")).toEqual([
      expect.stringMatching(/no-restricted-imports: .*Only lib\/db talks to the database/),
    ]);
    expect(
      await problems('import "server-only";\nimport { PrismaPg } from "@prisma/adapter-pg";\nexport const c = PrismaPg;\n', "lib/db/x.ts"),
    ).toEqual([]);
  });

  it("keeps graders away from lib/db and lib/auth", async () => {
    const found = await problems(
      'import { db } from "../lib/db/client";\nimport { requireUser } from "@/lib/auth/session";\nexport const x = [db, requireUser];\n',
      "graders/x.ts",
    );
    expect(found).toHaveLength(2);
    expect(found.every((p) => p.includes("Graders are pure"))).toBe(true);
  });

  it("keeps the run engine and the gates off the database: their side effects are injected", async () => {
    const found = await problems('import { db } from "@/lib/db/client";\nexport const x = db;\n', "lib/engine/x.ts");
    expect(found).toEqual([expect.stringMatching(/no-restricted-imports: .*RunDeps/)]);
    expect(
      await problems('import { findBaseline } from "../db/baselines";\nexport const x = findBaseline;\n', "lib/gates/x.ts"),
    ).toHaveLength(1);
  });

  it("requires lib/db and lib/auth modules to be server-only", async () => {
    expect(await problems("export const x = 1;\n", "lib/auth/x.ts")).toEqual([expect.stringContaining("gavel/require-server-only")]);
    expect(await problems('import "server-only";\nexport const x = 1;\n', "lib/auth/x.ts")).toEqual([]);
  });

  it("stops a client component from importing server-only code", async () => {
    const code = '"use client";\nimport { listUsers } from "@/lib/db/users";\nexport const x = listUsers;\n';
    expect(await problems(code, "app/x.tsx")).toEqual([expect.stringContaining("gavel/no-server-in-client")]);
  });
});
