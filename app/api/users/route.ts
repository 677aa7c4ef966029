import { NextResponse } from "next/server";
import { apiRoute, readJson } from "@/lib/auth/api";
import { generatePassword, hashPassword } from "@/lib/auth/password";
import { createUser, listUsers } from "@/lib/db/users";
import { createUserInput } from "@/lib/schemas/users";

/** GET /api/users: every account (admin only). */
export const GET = apiRoute("users:manage", async () => {
  const users = await listUsers();
  return NextResponse.json({ users });
});

/**
 * POST /api/users {email, name?, role, password?}: create an account (admin only). Without a
 * password one is generated and returned once, in this response.
 */
export const POST = apiRoute("users:manage", async (request, { user: actor }) => {
  const input = createUserInput.parse(await readJson(request));
  const password = input.password ?? generatePassword();
  const user = await createUser(
    { email: input.email, name: input.name, role: input.role, passwordHash: await hashPassword(password) },
    actor.id,
  );
  return NextResponse.json({ user, ...(input.password ? {} : { password }) }, { status: 201 });
});
