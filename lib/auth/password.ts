import "server-only";
import bcrypt from "bcryptjs";
import { randomBytes } from "node:crypto";

/** bcrypt's cost: 2^11 rounds, about 100 ms of CPU per check on this project's 2-core machine. */
export const PASSWORD_COST = 11;

export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, PASSWORD_COST);
}

export function verifyPassword(plain: string, hash: string): Promise<boolean> {
  return bcrypt.compare(plain, hash);
}

/** A random password for generated accounts: 18 characters of base64url, about 108 bits. */
export function generatePassword(): string {
  return randomBytes(14).toString("base64url").slice(0, 18);
}

/**
 * Compared against when the email is unknown, so a wrong email takes as long as a wrong password: any hash of the same
 * cost does (password.test.ts holds it to PASSWORD_COST). A constant, made once with
 * `bcrypt.hashSync("gavel-timing-equaliser", 11)`: hashing it when the module loaded cost every server bundle that
 * imports the auth options (every page's, every route's) a bcrypt hash on its first request, 150-200 ms of a page's
 * cold time (README, "Pages").
 */
export const DUMMY_HASH = "$2b$11$IS8ACxtPnIaq6cmVIIa2cOBg4gPfnQj0x5GsdyObnN9wgccDWQNTi";

export async function burnPasswordCheck(plain: string): Promise<void> {
  await bcrypt.compare(plain, DUMMY_HASH);
}
