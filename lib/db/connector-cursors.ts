import "server-only";
import { db, type Prisma } from "./client";

/**
 * Where a pull from another tool stopped, keyed by connector, host and project (one Langfuse
 * project pulled from two hosts, or two projects on one host, each keep their own place).
 */
export interface CursorKey {
  connector: string;
  host: string;
  project: string;
}

export async function readConnectorCursor(key: CursorKey): Promise<unknown | null> {
  const row = await db().connectorCursor.findUnique({
    where: { connector_host_project: key },
    select: { cursor: true },
  });
  return row ? row.cursor : null;
}

export async function saveConnectorCursor(key: CursorKey, cursor: Prisma.InputJsonValue): Promise<void> {
  await db().connectorCursor.upsert({
    where: { connector_host_project: key },
    create: { ...key, cursor },
    update: { cursor },
  });
}

export async function deleteConnectorCursor(key: CursorKey): Promise<void> {
  await db().connectorCursor.deleteMany({ where: key });
}
