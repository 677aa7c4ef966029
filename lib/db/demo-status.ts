import "server-only";
import { demoStatusSchema, type DemoStatus } from "../demo-status";
import { db } from "./client";

const KEY = "demo_data";

/** The first start's demo data status, or null when none was ever seeded (or the stored value no longer parses). */
export async function getDemoStatus(): Promise<DemoStatus | null> {
  const row = await db().setting.findUnique({ where: { key: KEY } });
  const parsed = demoStatusSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

export async function setDemoStatus(status: Omit<DemoStatus, "updatedAt">): Promise<void> {
  const value = demoStatusSchema.parse({ ...status, updatedAt: new Date().toISOString() });
  await db().setting.upsert({ where: { key: KEY }, update: { value }, create: { key: KEY, value } });
}
