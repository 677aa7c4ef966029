import "server-only";
import bcrypt from "bcryptjs";
import { randomBytes } from "node:crypto";

const COST = 11;

export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, COST);
}

export function verifyPassword(plain: string, hash: string): Promise<boolean> {
  return bcrypt.compare(plain, hash);
}

/** A random password for generated accounts: 18 characters of base64url, about 108 bits. */
export function generatePassword(): string {
  return randomBytes(14).toString("base64url").slice(0, 18);
}

// Compared against when the email is unknown, so a wrong email takes as long as a wrong password.
const DUMMY_HASH = bcrypt.hashSync("gavel-timing-equaliser", COST);

export async function burnPasswordCheck(plain: string): Promise<void> {
  await bcrypt.compare(plain, DUMMY_HASH);
}
