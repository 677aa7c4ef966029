import "server-only";
import { isDriverUniqueViolation } from "./bulk";
import { Prisma } from "./client";

export const isUniqueViolation = (error: unknown) =>
  (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") || isDriverUniqueViolation(error);

/**
 * Runs a find-then-create transaction again when a concurrent one created the same row first (a
 * unique violation; on PostgreSQL the loser waits on the index, then fails). The retry finds the
 * winner's rows and adds only what is still missing.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error)) throw error;
    }
  }
}
