/**
 * First-start demo data. On an empty database (and not in production mode) this creates one admin,
 * two reviewers and one viewer with random passwords, printed once and written to
 * <data dir>/demo-credentials.txt (git-ignored). Nothing happens when any user exists.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dataDir } from "../lib/database-url";
import { generatePassword, hashPassword } from "../lib/auth/password";
import { countUsers, createUser } from "../lib/db/users";
import type { Role } from "../lib/roles";

export const DEMO_USERS: { email: string; name: string; role: Role }[] = [
  { email: "admin@gavel.local", name: "Ada Admin", role: "admin" },
  { email: "reviewer1@gavel.local", name: "Rita Reviewer", role: "reviewer" },
  { email: "reviewer2@gavel.local", name: "Rafael Reviewer", role: "reviewer" },
  { email: "viewer@gavel.local", name: "Vera Viewer", role: "viewer" },
];

export interface DemoCredential {
  email: string;
  role: Role;
  password: string;
}

export function credentialsFile(dir = dataDir()): string {
  return path.join(dir, "demo-credentials.txt");
}

export async function seedDemoUsers(log: (line: string) => void = console.log): Promise<DemoCredential[] | null> {
  if ((await countUsers()) > 0) return null;
  const credentials: DemoCredential[] = [];
  for (const user of DEMO_USERS) {
    const password = generatePassword();
    await createUser({ ...user, passwordHash: await hashPassword(password) }, null);
    credentials.push({ email: user.email, role: user.role, password });
  }
  const file = credentialsFile();
  mkdirSync(path.dirname(file), { recursive: true });
  const lines = credentials.map((c) => `${c.role.padEnd(8)}  ${c.email.padEnd(24)}  ${c.password}`);
  writeFileSync(
    file,
    `# Gavel demo accounts, created ${new Date().toISOString()}. Shown once on the console; kept here for you.\n# role      email                     password\n${lines.join("\n")}\n`,
    { mode: 0o600 },
  );
  log("");
  log("  Demo accounts (passwords are random and shown only now; also saved to " + path.relative(process.cwd(), file) + "):");
  for (const line of lines) log(`    ${line}`);
  log("");
  return credentials;
}

/** Parses demo-credentials.txt back (the end-to-end tests sign in with it). */
export function parseCredentials(text: string): DemoCredential[] {
  return text
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line) => {
      const [role, email, password] = line.trim().split(/\s+/);
      return { role: role as Role, email: email ?? "", password: password ?? "" };
    });
}
