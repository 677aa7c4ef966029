import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkArchitecture, folderOf } from "./check-architecture";

const ROOT = path.resolve(import.meta.dirname, "..");
const written: string[] = [];

/** Writes a throw-away module at `file` (relative to the repository) and cruises only it. */
async function probe(file: string, code: string): Promise<string[]> {
  return probes({ [file]: code });
}

async function probes(files: Record<string, string>, maxDepth = 1): Promise<string[]> {
  const names = Object.keys(files).map((file) => file.replace(/\.ts$/, `.arch-probe-${process.pid}.ts`));
  Object.values(files).forEach((code, i) => {
    writeFileSync(path.join(ROOT, names[i]!), code);
    written.push(names[i]!);
  });
  return checkArchitecture(names, { maxDepth });
}

afterEach(() => {
  for (const file of written.splice(0)) rmSync(path.join(ROOT, file), { force: true });
});

// One deliberately bad import per rule of .dependency-cruiser.cjs, and per arrow the issue names.
describe("the architecture check rejects every forbidden arrow", { timeout: 60_000 }, () => {
  it("prisma-only-in-db: Prisma outside lib/db, even through a dynamic import()", async () => {
    expect(await probe("lib/engine/x.ts", 'export const load = () => import("@prisma/client");\n')).toEqual([
      expect.stringMatching(/^prisma-only-in-db: lib\/engine\/x\.arch-probe-\d+\.ts -> node_modules\/@prisma\/client\//),
    ]);
    expect(await probe("lib/db/x.ts", 'export const load = () => import("@prisma/client");\n')).toEqual([]);
  });

  it("pure-never-reaches-data: engine -> db, stats -> db, a grader -> db, static or dynamic", async () => {
    expect(await probe("lib/engine/x.ts", 'import { db } from "@/lib/db/client";\nexport const x = db;\n')).toContainEqual(
      expect.stringMatching(/^pure-never-reaches-data: lib\/engine\/x\.arch-probe-\d+\.ts -> lib\/db\/client\.ts/),
    );
    expect(await probe("lib/stats/x.ts", 'export const load = () => import("../db/client");\n')).toContainEqual(
      expect.stringMatching(/^pure-never-reaches-data: lib\/stats\/x\.arch-probe-\d+\.ts -> lib\/db\/client\.ts/),
    );
    expect(
      await probe(
        "graders/x.ts",
        'import type { Session } from "next-auth";\nimport { requireUser } from "@/lib/auth/session";\nexport const x: [typeof requireUser, Session | null] = [requireUser, null];\n',
      ),
    ).toContainEqual(expect.stringMatching(/^pure-never-reaches-data: graders\/x\.arch-probe-\d+\.ts -> lib\/auth\/session\.ts/));
  });

  it("pure-never-reaches-data: a grader reaching the database through another module (lib/judges)", async () => {
    // Two probes: one in lib/judges that reads the database, one grader that imports it.
    const found = await probes(
      {
        "lib/judges/x.ts": 'import { db } from "@/lib/db/client";\nexport const x = db;\n',
        "graders/y.ts": `import { x } from "@/lib/judges/x.arch-probe-${process.pid}";\nexport const y = x;\n`,
      },
      2,
    );
    expect(found).toContainEqual(
      expect.stringMatching(
        /^pure-never-reaches-data: graders\/y\.arch-probe-\d+\.ts -> lib\/db\/client\.ts \(via .*lib\/judges\/x\.arch-probe/,
      ),
    );
  });

  it("pure-never-calls-up: engine -> app, engine -> the CLI", async () => {
    expect(await probe("lib/engine/x.ts", 'export const load = () => import("@/app/(workbench)/judges/actions");\n')).toContainEqual(
      expect.stringMatching(/^pure-never-calls-up: lib\/engine\/x\.arch-probe-\d+\.ts -> app\//),
    );
    expect(await probe("lib/engine/x.ts", 'import { logger } from "@/lib/cli/logger";\nexport const x = logger;\n')).toContainEqual(
      expect.stringMatching(/^pure-never-calls-up: lib\/engine\/x\.arch-probe-\d+\.ts -> lib\/cli\/logger\.ts/),
    );
  });

  it("leaves-import-no-gavel-folder: stats -> engine, trial -> engine, the item-kind registry -> judges", async () => {
    expect(await probe("lib/items/x.ts", 'import type { JudgeParser } from "../judges/version";\nexport type X = JudgeParser;\n')).toEqual([
      expect.stringMatching(/^leaves-import-no-gavel-folder: lib\/items\/x\.arch-probe-\d+\.ts -> lib\/judges\/version\.ts/),
    ]);
    expect(await probe("lib/stats/x.ts", 'import type { TaskStats } from "@/lib/engine/reducers";\nexport type X = TaskStats;\n')).toEqual([
      expect.stringMatching(/^leaves-import-no-gavel-folder: lib\/stats\/x\.arch-probe-\d+\.ts -> lib\/engine\/reducers\.ts/),
    ]);
    expect(await probe("lib/trial/x.ts", 'import type { TaskStats } from "../engine/reducers";\nexport type X = TaskStats;\n')).toEqual([
      expect.stringMatching(/^leaves-import-no-gavel-folder: lib\/trial\/x\.arch-probe-\d+\.ts -> lib\/engine\/reducers\.ts/),
    ]);
    expect(await probe("lib/trial/x.ts", 'import type { Step } from "./types";\nexport type X = Step;\n')).toEqual([]);
    expect(
      await probe("lib/stats/x.ts", 'import { quantileSorted } from "simple-statistics";\nexport const x = quantileSorted;\n'),
    ).toEqual([]);
  });

  it("pure-never-calls-up: the judges core -> a judge use case", async () => {
    expect(
      await probe("lib/judges/x.ts", 'import { goldChanged } from "../judging/gold-changed";\nexport const x = goldChanged;\n'),
    ).toContainEqual(expect.stringMatching(/^pure-never-calls-up: lib\/judges\/x\.arch-probe-\d+\.ts -> lib\/judging\/gold-changed\.ts/));
  });

  it("db-is-data-access: db -> app, db -> the session, db -> a use case", async () => {
    expect(
      await probe("lib/db/x.ts", 'import { resolveNamedJudge } from "../judging/resolve";\nexport const x = resolveNamedJudge;\n'),
    ).toContainEqual(expect.stringMatching(/^db-is-data-access: lib\/db\/x\.arch-probe-\d+\.ts -> lib\/judging\/resolve\.ts/));
    expect(await probe("lib/db/x.ts", 'export const load = () => import("@/app/(workbench)/judges/actions");\n')).toContainEqual(
      expect.stringMatching(/^db-is-data-access: lib\/db\/x\.arch-probe-\d+\.ts -> app\//),
    );
    expect(await probe("lib/db/x.ts", 'import { runLinks } from "../running/run-links";\nexport const x = runLinks;\n')).toContainEqual(
      expect.stringMatching(/^db-is-data-access: lib\/db\/x\.arch-probe-\d+\.ts -> lib\/running\/run-links\.ts/),
    );
    expect(await probe("lib/db/x.ts", 'import { requireUser } from "../auth/session";\nexport const x = requireUser;\n')).toContainEqual(
      expect.stringMatching(/^db-is-data-access: lib\/db\/x\.arch-probe-\d+\.ts -> lib\/auth\/session\.ts/),
    );
  });

  it("db-never-decides: lib/db evaluating the gate or deciding an approval (types are fine)", async () => {
    expect(await probe("lib/db/x.ts", 'import { evaluateGate } from "../judges/gate";\nexport const x = evaluateGate;\n')).toEqual([
      expect.stringMatching(/^db-never-decides: lib\/db\/x\.arch-probe-\d+\.ts -> lib\/judges\/gate\.ts/),
    ]);
    expect(await probe("lib/db/x.ts", 'export const load = () => import("../judges/approval");\n')).toContainEqual(
      expect.stringMatching(/^db-never-decides: lib\/db\/x\.arch-probe-\d+\.ts -> lib\/judges\/approval\.ts/),
    );
    expect(await probe("lib/db/x.ts", 'import type { GateResult } from "../judges/gate";\nexport type X = GateResult;\n')).toEqual([]);
  });

  it("db-never-decides: lib/db applying the suite's gates, comparing runs, computing a statistic or per-order accuracy", async () => {
    const planted: [string, RegExp][] = [
      ['import { applyBaselineGates } from "@/lib/gates/evaluate";\nexport const x = applyBaselineGates;\n', /lib\/gates\/evaluate\.ts/],
      ['import { evaluateTrend } from "../gates/trend";\nexport const x = evaluateTrend;\n', /lib\/gates\/trend\.ts/],
      ['import { compareRuns } from "@/lib/compare/compare";\nexport const x = compareRuns;\n', /lib\/compare\/compare\.ts/],
      ['import { leaveOneOutRho } from "../stats/human-ceiling";\nexport const x = leaveOneOutRho;\n', /lib\/stats\/human-ceiling\.ts/],
      ['export const load = () => import("../judges/pairwise-orders");\n', /lib\/judges\/pairwise-orders\.ts/],
      ['import { humanBacking } from "../judges/human-backing";\nexport const x = humanBacking;\n', /lib\/judges\/human-backing\.ts/],
    ];
    for (const [code, target] of planted) {
      const found = await probe("lib/db/x.ts", code);
      expect(found, code).toContainEqual(expect.stringMatching(/^db-never-decides: lib\/db\/x\.arch-probe-\d+\.ts -> /));
      expect(
        found.filter((f) => f.startsWith("db-never-decides")).every((f) => target.test(f)),
        code,
      ).toBe(true);
    }
    // Reading and writing with their types is data access.
    expect(
      await probe(
        "lib/db/x.ts",
        'import type { Baseline } from "@/lib/gates/result";\nimport type { OrderVerdict } from "../judges/pairwise-orders";\nexport type X = [Baseline, OrderVerdict];\n',
      ),
    ).toEqual([]);
  });

  it("graders-are-leaves: a grader importing a provider or the judge core instead of the JudgeClient seam", async () => {
    expect(
      await probe(
        "graders/x.ts",
        'import { createOpenAiProvider } from "@/lib/providers/openai-compatible";\nexport const x = createOpenAiProvider;\n',
      ),
    ).toEqual([expect.stringMatching(/^graders-are-leaves: graders\/x\.arch-probe-\d+\.ts -> lib\/providers\/openai-compatible\.ts/)]);
    expect(await probe("graders/x.ts", 'export const load = () => import("../lib/judges/judge-one");\n')).toEqual([
      expect.stringMatching(/^graders-are-leaves: graders\/x\.arch-probe-\d+\.ts -> lib\/judges\/judge-one\.ts/),
    ]);
    expect(
      await probe(
        "graders/x.ts",
        'import { z } from "zod";\nimport { sha256 } from "@/lib/hash";\nimport type { JudgeClient } from "@/lib/trial/judge";\nimport { quote } from "./text";\n' +
          "export const x: [typeof z, typeof sha256, JudgeClient | null, typeof quote] = [z, sha256, null, quote];\n",
      ),
    ).toEqual([]);
  });

  it("nothing-imports-app: a library module importing a route", async () => {
    expect(await probe("lib/judging/x.ts", 'import * as route from "@/app/api/health/route";\nexport const x = route;\n')).toEqual([
      expect.stringMatching(/^nothing-imports-app: lib\/judging\/x\.arch-probe-\d+\.ts -> app\/api\/health\/route\.ts/),
    ]);
  });

  it("only-entry-points-import-cli: lib/db importing a CLI module", async () => {
    expect(await probe("lib/db/x.ts", 'import { logger } from "../cli/logger";\nexport const x = logger;\n')).toContainEqual(
      expect.stringMatching(/^only-entry-points-import-cli: lib\/db\/x\.arch-probe-\d+\.ts -> lib\/cli\/logger\.ts/),
    );
  });

  it("no-circular: two modules of one folder that import each other, even for a type", async () => {
    const found = await probes(
      {
        "lib/queues/x.ts": `import type { Y } from "./y.arch-probe-${process.pid}";\nexport type X = { y: Y };\n`,
        "lib/queues/y.ts": `import { x } from "./x.arch-probe-${process.pid}";\nexport type Y = number;\nexport const y = x;\nexport const z = 1;\n`,
      },
      2,
    );
    expect(found).toContainEqual(expect.stringMatching(/^no-circular: lib\/queues\/x\.arch-probe-\d+\.ts -> lib\/queues\/y\.arch-probe/));
  });

  it("no-mutual-folders: two folders that import each other", async () => {
    const found = await probes({
      "lib/queues/x.ts": 'import { cassetteKey } from "@/lib/providers/cassette";\nexport const x = cassetteKey;\n',
      "lib/providers/y.ts": 'import * as items from "@/lib/queues/items";\nexport const y = items;\n',
    });
    expect(found).toEqual([expect.stringMatching(/^no-mutual-folders: lib\/providers and lib\/queues import each other/)]);
  });
});

describe("folderOf", () => {
  it("names lib's folders and loose modules, and the top-level folders", () => {
    expect(
      ["lib/db/judges.ts", "lib/hash.ts", "graders/exact.ts", "proxy.ts", "app/(workbench)/page.tsx", "node_modules/zod/index.js"].map(
        folderOf,
      ),
    ).toEqual(["lib/db", "lib/hash", "graders", "proxy", "app", null]);
  });
});
