import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { databaseProvider, sqliteFilePath } from "../database-url";
import { withTestDatabase } from "../testing/test-database";
import { db } from "./client";

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

describe.runIf(databaseProvider(process.env.DATABASE_URL ?? "file:") === "sqlite")("SQLite transactions", () => {
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
