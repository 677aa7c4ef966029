// The layering of docs/architecture.md, checked by `npm run lint` (scripts/check-architecture.ts).
// Every import counts: static, dynamic `import()`, `export … from` and type-only imports.
// Tests (*.test.ts), lib/testing/ and e2e/ may set up whatever they need and are not cruised.
// Each rule's name is what a violation prints; scripts/check-architecture.test.ts adds one bad
// import per rule and expects it to be caught.

/** Folders that compute and never persist: they reach no database, session, server or command. */
const PURE =
  "^(lib/(judges|engine|trial|stats|items|gates|compare|queues|labeling|transcripts|schemas|providers|real-data)|graders|datasets)/|^lib/(hash|format|errors|roles|token-scopes|audit-actions|audit-format|action-state)\\.ts$";
/** Where reads and writes, sessions, requests and the use cases built on them live. */
const DATA = "^lib/(db|auth|server|judging|running)/";

/* global module */
module.exports = {
  forbidden: [
    {
      name: "prisma-only-in-db",
      comment: "Only lib/db talks to the database: call a function in lib/db/<aggregate>.ts instead.",
      severity: "error",
      from: { pathNot: "^lib/db/|^prisma\\.config\\.ts$|^prisma/postgres/prisma\\.config\\.ts$" },
      to: { path: "^node_modules/(@prisma/|prisma/|pg/|better-sqlite3/)|^lib/db/generated/" },
    },
    {
      name: "pure-never-reaches-data",
      comment:
        "The engine, graders, statistics, gates and the other pure folders are given their data (RunDeps, arguments): " +
        "they never reach lib/db, lib/auth or lib/server, directly or through another module.",
      severity: "error",
      from: { path: PURE },
      to: { path: DATA, reachable: true },
    },
    {
      name: "pure-never-calls-up",
      comment: "Pure folders never import the web app, the CLI or a use case (lib/judging, lib/running).",
      severity: "error",
      from: { path: PURE },
      to: { path: "^(app|lib/cli|lib/judging|lib/running)/" },
    },
    {
      name: "leaves-import-no-gavel-folder",
      comment:
        "lib/stats (plain arrays in, numbers out), lib/trial (the vocabulary every layer shares) and lib/items (the " +
        "item-kind registry) sit at the bottom: they import no other Gavel folder.",
      severity: "error",
      from: { path: "^lib/(stats|trial|items)/" },
      to: { path: "^(lib|app|graders|datasets|scripts|prisma)/", pathNot: "^lib/$1/" },
    },
    {
      name: "db-is-data-access",
      comment:
        "lib/db reads and writes; it never calls the web app, the CLI, the session, the server or a use case (lib/judging, lib/running).",
      severity: "error",
      from: { path: "^lib/db/" },
      to: { path: "^(app|lib/cli|lib/auth|lib/server|lib/judging|lib/running)/" },
    },
    {
      name: "db-never-decides",
      comment:
        "lib/db reads and writes; decisions are made in the use cases (lib/judging, lib/running) with the pure core: " +
        "the judge gate and approvals, per-order accuracy and human backing (lib/judges), the suite's gates (lib/gates), " +
        "the run diff (lib/compare), every statistic (lib/stats) and the comparison with a published figure. " +
        "lib/db may use their types only.",
      severity: "error",
      from: { path: "^lib/db/" },
      to: {
        path: "^lib/judges/(gate|approval|pairwise-orders|human-backing)\\.ts$|^lib/gates/(evaluate|operational|trend|hard)\\.ts$|^lib/compare/compare\\.ts$|^lib/stats/|^lib/real-data/hanna-published\\.ts$",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "graders-are-leaves",
      comment:
        "A grader scores one trial from what lib/trial gives it: it imports other graders, lib/trial (steps, outcomes, the " +
        "JudgeClient seam an LLM judge grades through), lib/hash, zod and ajv, and nothing else (no judge core, no provider).",
      severity: "error",
      from: { path: "^graders/" },
      to: { pathNot: "^(graders/|lib/trial/|lib/hash\\.ts$|node_modules/(zod|ajv)/)" },
    },
    {
      name: "no-circular",
      comment:
        "No module reaches itself through its imports (type-only and dynamic ones count): a circle has no bottom to test " +
        "or read from. Move the shared piece (a type, a schema) into its own module that both import.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "nothing-imports-app",
      comment: "app/ is routes and composition only: code outside it never imports a page, an action or a route.",
      severity: "error",
      from: { pathNot: "^app/" },
      to: { path: "^app/" },
    },
    {
      name: "only-entry-points-import-cli",
      comment: "lib/cli is the command's composition root: only scripts/, prisma/ and bin/ may start it.",
      severity: "error",
      from: { pathNot: "^(lib/cli|scripts|prisma|bin)/" },
      to: { path: "^lib/cli/" },
    },
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$|^lib/testing/|^e2e/|^lib/db/generated/|^\\.next/" },
    enhancedResolveOptions: { conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
