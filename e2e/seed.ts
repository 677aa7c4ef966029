import { execFileSync } from "node:child_process";
import path from "node:path";
import { E2E_DATA_DIR } from "../playwright.config";

/**
 * Queues and transcripts seeded straight into the e2e server's database (lib/testing/seed-labeling-cli.ts),
 * for specs that test what reviewers do with them rather than how they were made.
 */
export function seedCli(args: string[], input?: string): string {
  const databaseUrl = process.env.E2E_DATABASE_URL || `file:${path.resolve(E2E_DATA_DIR, "gavel.db")}`;
  return execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "lib/testing/seed-labeling-cli.ts", ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
    input,
    maxBuffer: 64 * 2 ** 20,
  });
}

export interface Seeded {
  queueId: string;
  transcriptIds: Record<string, string>;
  queueItemIds: Record<string, string>;
}

export interface StoredLabels {
  labels: {
    transcriptId: string;
    value: string;
    score: number | null;
    reason: string | null;
    timeSpentMs: number | null;
    judgeSeen: boolean;
    judgeRevealedAt: string | null;
    reviewer: string;
  }[];
  gold: { transcriptId: string; value: string; source: string }[];
  skips: { transcriptId: string; reviewer: string }[];
}

export const seedQueue = (queue: unknown): Seeded => JSON.parse(seedCli(["seed"], JSON.stringify(queue))) as Seeded;
export const storedLabels = (queueId: string): StoredLabels => JSON.parse(seedCli(["labels", queueId])) as StoredLabels;
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
