/**
 * A database command's action: `work` returns its exit code, and the database is disconnected however
 * it ends, or the open pool would keep the process alive. The Prisma client loads only here, when a
 * command that needs it runs, not when the program is built.
 */
export async function databaseAction(work: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await work();
  } finally {
    await (await import("../../db/client")).disconnectDb();
  }
}
