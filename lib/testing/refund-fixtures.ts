import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { refundSandbox } from "@/datasets/refund/sandbox";
import { resolveSuite, type LoadedSuite } from "@/datasets/load";

/** Tasks of datasets/refund by id, with budgets overridden (short wall clocks for hang tests). */
export async function refundTasks(ids: string[], stop: Record<string, number> = {}): Promise<LoadedSuite> {
  const data = parse(readFileSync("datasets/refund/suite.yaml", "utf8")) as { defaults: Record<string, unknown>; tasks: { id: string }[] };
  const tasks = data.tasks.filter((t) => ids.includes(t.id)).map((t) => ({ ...t, stop_conditions: stop }));
  const { sandbox: _sandbox, ...rest } = data as Record<string, unknown>;
  return resolveSuite({ ...rest, tasks }, "/virtual/refund/suite.yaml", { sandbox: refundSandbox as never });
}
