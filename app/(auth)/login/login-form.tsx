"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { Alert } from "@/app/_components/ui/alert";
import { Button } from "@/app/_components/ui/button";
import { Field, inputClass } from "@/app/_components/ui/field";
import { signInInput } from "@/lib/schemas/users";

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
      if (result?.ok && !result.error) {
        window.location.assign(callbackUrl);
        return;
      }
      setMessage(result?.error && result.error !== "CredentialsSignin" ? result.error : "Wrong email or password.");
    } catch {
      setMessage("Could not reach the server. Check your connection and try again.");
    } finally {
      setPending(false);
    }
  }

  // method="post": a click before hydration must never put the password in the address bar.
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign in">
      {message ? <Alert tone="error">{message}</Alert> : null}
      <Field id="email" label="Email" errors={errors.email}>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          className={inputClass}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "email-error" : undefined}
        />
      </Field>
      <Field id="password" label="Password" errors={errors.password}>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          className={inputClass}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? "password-error" : undefined}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
