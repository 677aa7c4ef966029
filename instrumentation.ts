/**
 * Next calls register() once when a server starts. Live traces acknowledged before a restart are in
 * the database; starting the sweep here closes them without waiting for the next export.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startSweeper } = await import("./lib/ingest/sweeper");
  startSweeper();
  const { startWebhookDispatcher } = await import("./lib/webhooks/deliver");
  startWebhookDispatcher();
}
