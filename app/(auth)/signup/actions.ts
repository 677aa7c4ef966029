"use server";

import { redirect } from "next/navigation";
import type { ActionState } from "@/lib/action-state";
import { hashPassword } from "@/lib/auth/password";
import { createFirstAdmin } from "@/lib/db/users";
import { UserError } from "@/lib/errors";
import { signUpInput } from "@/lib/schemas/users";

/** The one mutation open to anonymous visitors: it succeeds only while the database has no users. */
export async function signUpFirstAdmin(_previous: ActionState, form: FormData): Promise<ActionState> {
  const parsed = signUpInput.safeParse({
    email: form.get("email") ?? "",
    name: form.get("name") ?? "",
    password: form.get("password") ?? "",
  });
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fieldErrors[issue.path.join(".")] ??= []).push(issue.message);
    return { status: "error", code: 422, message: "Please correct the highlighted fields.", fieldErrors };
  }
  try {
    await createFirstAdmin({ email: parsed.data.email, name: parsed.data.name, passwordHash: await hashPassword(parsed.data.password) });
  } catch (error) {
    if (error instanceof UserError) return { status: "error", code: 409, message: error.message };
    throw error;
  }
  redirect("/login?created=1");
}
