"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { signInInput } from "@/lib/schemas/users";
import { SubmitButton, TextField } from "@/app/_components/form/fields";
import { explainSignInFailure, signInMessage } from "./sign-in-failure";

type Errors = Partial<Record<"email" | "password", string[]>>;

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    const form = new FormData(event.currentTarget);
    const parsed = signInInput.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        (next[key] ??= []).push(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const result = await signIn("credentials", { ...parsed.data, redirect: false, callbackUrl });
      const outcome = signInMessage(result);
      if (outcome === null) {
        window.location.assign(callbackUrl);
        return;
      }
      setMessage(outcome === "explain" ? await explainSignInFailure() : outcome);
    } catch {
      // No answer, or an answer that was not next-auth's JSON (a 500 page): sign-in-failure.ts tells them apart.
      setMessage(await explainSignInFailure());
    } finally {
      setPending(false);
    }
  }

  // method="post": a click before hydration must never put the password in the address bar.
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign in">
      {message ? <Alert tone="error">{message}</Alert> : null}
      <TextField id="email" name="email" label="Email" errors={errors.email} type="email" autoComplete="username" />
      <TextField id="password" name="password" label="Password" errors={errors.password} type="password" autoComplete="current-password" />
      <SubmitButton className="w-full" pending={pending} pendingLabel="Signing in…">
        Sign in
      </SubmitButton>
    </form>
  );
}
