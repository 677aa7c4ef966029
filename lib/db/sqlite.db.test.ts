import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { databaseProvider, sqliteFilePath } from "../database-url";
import { withTestDatabase } from "../testing/test-database";
import { db } from "./client";
import { PrismaClient } from "./generated/sqlite/client.ts";
import { sqliteAdapter } from "./sqlite";

const database = withTestDatabase();

/** Another process (the CLI, a second server) that writes one user to the same SQLite file. */
function writerProcess(file: string, email: string) {
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(${JSON.stringify(file)}, { timeout: 10000 });
    console.log("writing");
    db.prepare("INSERT INTO users (id, email, updated_at) VALUES (?, ?, ?)").run(${JSON.stringify(email)}, ${JSON.stringify(email)}, Date.now());
    console.log("written");`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  const writing = new Promise<void>((resolve) =>
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("writing")) resolve();
    }),
  );
  return { writing, exited: once(child, "exit").then(([code]) => ({ code, output })) };
}

/** Another process that holds the write lock for `ms`, then commits nothing. */
async function lockHolder(file: string, ms: number) {
  const script = `
    const db = new (require("better-sqlite3"))(${JSON.stringify(file)});
    db.prepare("BEGIN IMMEDIATE").run();
    console.log("held");
    setTimeout(() => db.prepare("ROLLBACK").run(), ${ms});`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = once(child, "exit");
  await once(child.stdout, "data");
  return { exited };
}

const within = <T>(ms: number, promise: Promise<T>) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))]);

describe.runIf(databaseProvider(process.env.DATABASE_URL ?? "file:") === "sqlite")("SQLite transactions", () => {
  it("a transaction that could not begin (the lock held past the busy timeout) fails, and the next one runs", async () => {
    // A busy timeout of 300 ms instead of the app's 10 s: the same path, quicker.
    const client = new PrismaClient({ adapter: sqliteAdapter(sqliteFilePath(database.url()), 300) });
    try {
      const holder = await lockHolder(sqliteFilePath(database.url()), 1_500);
      const started = Date.now();
      const failed = await client
        .$transaction([client.setting.deleteMany({ where: { key: "begin-failed" } }), client.setting.count()])
        .catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(Error);
      expect((failed as Error).message).toMatch(/timed out/i);
      expect(Date.now() - started).toBeLessThan(1_500);
      await holder.exited;
      // Before lib/db/sqlite.ts gave the adapter's mutex back, this waited forever (so did every later sign-in).
      await within(
        5_000,
        client.$transaction([
          client.setting.deleteMany({ where: { key: "begin-failed" } }),
          client.setting.create({ data: { key: "begin-failed", value: 1 } }),
        ]),
      );
      await within(
        5_000,
        client.$transaction(async (tx) => tx.setting.update({ where: { key: "begin-failed" }, data: { value: 2 } })),
      );
      expect((await client.setting.findUnique({ where: { key: "begin-failed" } }))?.value).toBe(2);
    } finally {
      await client.$disconnect();
    }
  });

  it("a find-then-create transaction waits for another process's write instead of failing with 'database is locked'", async () => {
    const file = sqliteFilePath(database.url());
    let other: ReturnType<typeof writerProcess> | undefined;
    await db().$transaction(async (tx) => {
      await tx.user.findMany({ where: { email: "inside@example.com" } });
      other = writerProcess(file, "outside@example.com");
      await other.writing;
      // Give the other process time to try its write: with a deferred transaction it commits now,
      // and the create below can no longer upgrade this transaction's read snapshot.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.user.create({ data: { email: "inside@example.com" } });
    });
    const result = await other!.exited;
    expect(result).toEqual({ code: 0, output: "writing\nwritten\n" });
    expect((await db().user.findMany({ where: { email: { in: ["inside@example.com", "outside@example.com"] } } })).length).toBe(2);
  });
});
