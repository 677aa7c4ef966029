import type { Command } from "commander";
import { EXIT } from "../exit";
import type { Logger } from "../logger";
import { databaseAction } from "./database-action";
import type { RegisterCommand } from "./register";

/**
 * `gavel judge run | calibrate | status | recheck | try`. The work lives in judge-actions.ts, loaded only when a
 * judge command runs, so other commands (`gavel agreement`) start without the database layer.
 */
const actions = () => import("./judge-actions");

const collect = (value: string, previous: string[] = []) => [...previous, value];

export const registerJudge: RegisterCommand = (program: Command, { logger }: { logger: Logger }) => {
  const judge = program
    .command("judge")
    .description("Run, calibrate, check and re-check judge versions (a version is an id, a hash prefix, or name@N)")
    // Every judge command reads the database: a new or older one is migrated first, as `gavel import` does, so
    // an unknown version is "no such version", never Prisma's "table does not exist".
    .hook("preAction", async () => {
      const [{ ensureMigrated }, { databaseUrl }] = await Promise.all([import("../../db/ensure-migrated"), import("../../database-url")]);
      await ensureMigrated(databaseUrl());
    });
  judge
    .command("run")
    .description(
      "Ask a judge version about every gold item of a label set's split it has not answered yet (a rerun retries only skipped and errored calls)",
    )
    .argument("<version>", "judge version: id, hash prefix (8+ hex digits) or name@N")
    .option("--queue <name>", "the label set whose gold items to judge")
    .option("--split <split>", "dev or test", "dev")
    .option("--repeats <k>", "ask each item k times (flip rate)", "1")
    .option("--both-orders", "pairwise judges: ask in both orders (position consistency)")
    .option("--concurrency <n>", "calls in flight at once", "4")
    .option("--timeout <ms>", "per-call timeout in milliseconds", "60000")
    .option("--record <file>", "record every live answer to this cassette file")
    .option("--cassette <file>", "a cassette a replay judge may answer from (repeatable)", collect, [])
    .option("--calibrate", "calibrate against the gold labels afterwards")
    .option("--json", "print the result as JSON")
    .addHelpText(
      "after",
      `
Exit codes: 0 when at least one call was answered (or nothing was left to ask), 3 when every call was
skipped (no API key) or errored: then nothing is calibrated or stored, so CI never reads an empty run
as success. 2 for a bad reference or option.

Example:
  gavel judge run refund-judge@2 --queue refunds --split test --calibrate`,
    )
    .action((ref: string, options: Record<string, unknown>) =>
      databaseAction(async () => {
        const mod = await actions();
        const progress = await mod.judgeRun(ref, options, logger);
        return mod.nothingAnswered(progress) ? EXIT.internal : EXIT.ok;
      }),
    );
  judge
    .command("calibrate")
    .description(
      "Measure a judge version against the gold labels of a label set's split as they are now (Cohen's κ with its intervals, accuracy, TPR, TNR) and store the calibration",
    )
    .argument("<version>", "judge version: id, hash prefix (8+ hex digits) or name@N")
    .option("--queue <name>", "the label set")
    .option("--split <split>", "dev or test (the gate reads test)", "test")
    .option("--json", "print {calibrationId, metric, n, value, se, ci95, degenerate, ...} as JSON")
    .addHelpText(
      "after",
      `
Items the judge skipped or errored on are left out and counted. A version that answered no item is
refused (exit 2) and nothing is stored. A constant judge or a one-class gold set is named in words
("the judge answered PASS on all 30 items: κ is 0 by construction").

Example:
  gavel judge calibrate refund-judge@2 --queue refunds --split test --json`,
    )
    .action((ref: string, options: Record<string, unknown>) =>
      databaseAction(async () => {
        await (await actions()).judgeCalibrate(ref, options, logger);
        return EXIT.ok;
      }),
    );
  judge
    .command("status")
    .description("Print a judge version's gate state (shadow, gating, stale, demoted, revoked), why, and its gate rules")
    .argument("<version>", "judge version: id, hash prefix (8+ hex digits) or name@N")
    .option("--json", "print {version, hash, approved, gating, labelSet, goldVersion, calibrationId, state, reason, rules} as JSON")
    .option("--no-recheck", "only read the state: do not recalibrate a stale version first")
    .addHelpText(
      "after",
      `
Exit codes: 0 when the version gates now (its verdicts count in a run), 1 when it does not, 2 for a
bad reference. A stale version is recalibrated first when the judge can be called (--no-recheck only reads).

Example:
  gavel judge status refund-judge@2 --json`,
    )
    .action((ref: string, options: { json?: boolean; recheck?: boolean }) =>
      databaseAction(async () => {
        const status = await (await actions()).judgeStatus(ref, options, logger);
        return status.gating ? EXIT.ok : EXIT.gateFailed;
      }),
    );
  judge
    .command("try")
    .description(
      "Run a judge version, or a draft of it (--prompt, --examples), on a label set's DEV split and compare it item by item with the version's own dev verdicts; saves nothing",
    )
    .argument("<version>", "judge version: id, hash prefix (8+ hex digits) or name@N")
    .option("--dev", "required: the workbench runs on the dev split only (the test split is held out)")
    .option("--queue <name>", "the label set (default: the only one of this kind with dev gold labels)")
    .option("--prompt <file>", "a prompt template file to try instead of the version's")
    .option("--examples <ids>", "comma-separated dev items (transcript or external ids) to use as worked examples; empty for none")
    .option("--subset <which>", "all or misaligned (the items the version gets wrong or answers unstably)", "all")
    .option("--temperature <t>", "another temperature to try")
    .option("--concurrency <n>", "calls in flight at once", "4")
    .option("--json", "print {draftHash, changed, items, calls, draft, base, counts, changes} as JSON")
    .addHelpText(
      "after",
      `
Nothing is stored: no version, no verdict, no calibration. Save a draft that works from the workbench
page (Judges → version → Workbench). Exit codes: 0 when a call was answered, 3 when none was, 2 for
a bad reference, option or example (a test-split item is refused by name).

Example:
  gavel judge try refund-judge@2 --dev --queue refunds --prompt prompt.txt --examples t-12,t-31 --json`,
    )
    .action((ref: string, options: Record<string, unknown>) =>
      databaseAction(async () => {
        const result = await (await import("./judge-try")).judgeTry(ref, options, logger);
        return result.items > 0 && result.calls.ok === 0 ? EXIT.internal : EXIT.ok;
      }),
    );
  judge
    .command("improve")
    .description(
      "Ask a model for N revised prompts from the dev split's misaligned items and the rubric, run each on the dev split, and keep the best as a new unapproved version; bounded by --budget",
    )
    .argument("<version>", "judge version: id, hash prefix (8+ hex digits) or name@N")
    .option("--candidates <n>", "how many revised prompts to ask for (1–10)", "3")
    .option("--budget <usd>", "required: the most the loop may spend, in USD; refused before any call when the estimate is above it")
    .option("--seed <s>", "seed of the proposals (candidate k asks with seed s + k)", "0")
    .option("--model <id>", "the proposing model, on the judge's provider and endpoint (default: the judge's model)")
    .option("--temperature <t>", "temperature of the proposals (default 0.7)")
    .option("--queue <name>", "the label set (default: the only one of this kind with dev gold labels)")
    .option("--record <file>", "record every live answer (proposals and judge calls) to this cassette file")
    .option("--replay <file>", "answer every call from this cassette file: no live call, the same draft again")
    .option("--estimate", "print the estimate only: no call, nothing saved")
    .option("--json", "print the report as JSON")
    .addHelpText(
      "after",
      `
The estimate (calls and USD) is printed before the first call; above --budget, or with a price
unknown, nothing starts (exit 2). The loop stops before a candidate that would pass the budget. Only
dev items are shown to the proposing model or judged; the kept version is not approved and gates
nothing. Exit codes: 0 when a version was kept or none beat the original, 2 for a refusal or bad option.

Example:
  gavel judge improve refund-judge@2 --candidates 3 --budget 0.50 --seed 7 --record improve.json`,
    )
    .action((ref: string, options: Record<string, unknown>) =>
      databaseAction(async () => {
        await (await import("./judge-improve")).judgeImprove(ref, options, logger);
        return EXIT.ok;
      }),
    );
  judge
    .command("recheck")
    .argument("<version>", "judge version")
    .description("Recalibrate a stale version on its bound label set and run the canary re-check now (exit 0 only when it still gates)")
    .option("--json", "print the status as JSON afterwards")
    .action((ref: string, options: { json?: boolean }) =>
      databaseAction(async () => {
        const status = await (await actions()).judgeStatus(ref, { ...options, recheck: true, canary: true }, logger);
        return status.gating ? EXIT.ok : EXIT.gateFailed;
      }),
    );
};
