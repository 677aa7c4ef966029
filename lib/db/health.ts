import "server-only";
import { db } from "./client";

export async function checkDatabase(): Promise<boolean> {
  try {
    await db().$queryRawUnsafe("SELECT 1");
    return true;
  } catch (error) {
    console.error("[health] database unreachable:", error instanceof Error ? error.message : error);
    return false;
  }
}
