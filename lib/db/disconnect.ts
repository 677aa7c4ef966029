import "server-only";
import { disconnectBulk } from "./bulk";

/**
 * Closes every connection this process opened: the bulk one, and the Prisma client's only when it
 * was started (client.ts keeps it in `globalThis.gavelDb`), so a command that never used Prisma
 * does not load it just to close it.
 */
export async function disconnectAll(): Promise<void> {
  if ((globalThis as { gavelDb?: unknown }).gavelDb) return (await import("./client")).disconnectDb();
  await disconnectBulk();
}
