import { UserError } from "../../errors";
import { UsageError } from "../exit";

/**
 * Runs a judge command's work so that a reference or label set people typed wrong is a usage error
 * (exit 2), not a crash: a UserError, or resolveJudgeVersionRef's "No judge version" / "matches more than one".
 */
export async function userFacing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UserError) throw new UsageError(error.message);
    if (error instanceof Error && /^No judge version|matches more than one/.test(error.message)) throw new UsageError(error.message);
    throw error;
  }
}
