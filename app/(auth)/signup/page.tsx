import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { Alert } from "@/app/_components/ui/alert";
import { Card, CardBody } from "@/app/_components/ui/card";
import { countUsers } from "@/lib/db/users";
import { SignUpForm } from "./signup-form";

export const metadata: Metadata = { title: "Create the admin account" };

export default async function SignUpPage() {
  // Rendered per request: whether sign-up is open is the database's answer now, not at build time
  // (a prerendered page needed a database to build and froze its answer into the build).
  await connection();
  const open = (await countUsers()) === 0;
  return (
    <Card>
      <CardBody className="space-y-5 py-6">
        <h1 className="text-lg font-semibold">Create the admin account</h1>
        {open ? (
          <>
            <p className="text-sm text-stone-600">
              This Gavel has no accounts yet. The first account becomes its admin; admins then create everyone else&apos;s.
            </p>
            <SignUpForm />
          </>
        ) : (
          <Alert tone="info">
            Sign-up is closed: this Gavel already has an admin. Ask them for an account, then{" "}
            <Link className="font-medium underline" href="/login">
              sign in
            </Link>
            .
          </Alert>
        )}
      </CardBody>
    </Card>
  );
}
