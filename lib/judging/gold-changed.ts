import "server-only";
import { createRecheckScheduler, RECHECK_QUIET_MS, type RecheckScheduler } from "../judges/recheck-soon";
import { recheckLabelSet } from "./recheck";

/**
 * Where the web app changes gold labels (a consensus label, an undo, an adjudication, a new rubric
 * version), it calls this: once the label set has been quiet for a while, every judge approved on
 * it is re-checked — stale noticed, recalibrated on the new gold, decided — by Gavel itself.
 */
const KEY = Symbol.for("gavel.goldChangedScheduler");
type Holder = { [KEY]?: RecheckScheduler };

function scheduler(): RecheckScheduler {
  // One per process, whichever bundle of the app imported this module.
  const holder = globalThis as Holder;
  holder[KEY] ??= createRecheckScheduler(
    (queueId) => recheckLabelSet(queueId),
    RECHECK_QUIET_MS,
    (error) => console.error("[judges] re-check after a gold change failed:", error instanceof Error ? error.message : error),
  );
  return holder[KEY];
}

export function goldChanged(queueId: string): void {
  scheduler().schedule(queueId);
}
