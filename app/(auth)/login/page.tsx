import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Alert } from "@/app/_components/ui/alert";
import { Card, CardBody } from "@/app/_components/ui/card";
import { signInErrorMessage } from "@/lib/auth/messages";
import { currentUser } from "@/lib/auth/session";
import { countUsers } from "@/lib/db/users";
import { env } from "@/lib/env";
import { LoginForm } from "./login-form";
import { OidcButton } from "./oidc-button";
import { safeLocalPath } from "@/lib/auth/redirect";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeLocalPath(params.callbackUrl);
  if (await currentUser()) redirect(callbackUrl);
  const message = signInErrorMessage(typeof params.error === "string" ? params.error : undefined);
  const noUsers = (await countUsers()) === 0;
  const oidc = env().oidc;

  return (
    <Card>
      <CardBody className="space-y-5 py-6">
        <h1 className="text-lg font-semibold">Sign in</h1>
        {params.created ? <Alert tone="success">Account created. Sign in with it now.</Alert> : null}
        {message ? <Alert tone={params.error === "SessionRequired" ? "info" : "error"}>{message}</Alert> : null}
        {noUsers ? (
          <Alert tone="info">
            This Gavel has no accounts yet.{" "}
            <Link className="font-medium underline" href="/signup">
              Create the first one
            </Link>
            : it becomes the admin.
          </Alert>
        ) : null}
        <LoginForm callbackUrl={callbackUrl} />
        {oidc ? <OidcButton name={oidc.name} callbackUrl={callbackUrl} /> : null}
      </CardBody>
    </Card>
  );
}
