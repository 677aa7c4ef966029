/** The queue of trial jobs (pg-boss), named apart from pg-boss so the data layer can read its rows without loading pg-boss. */
export const TRIALS_QUEUE = "gavel-trials";
/** Where pg-boss moves a trial job after its last failed attempt. */
export const FAILED_TRIALS_QUEUE = "gavel-trials-failed";
