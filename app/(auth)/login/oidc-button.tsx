"use client";

import { signIn } from "next-auth/react";
import { Button } from "@/app/_components/ui/button";

export function OidcButton({ name, callbackUrl }: { name: string; callbackUrl: string }) {
  return (
    <Button tone="secondary" className="w-full" type="button" onClick={() => void signIn("oidc", { callbackUrl })}>
      Continue with {name}
    </Button>
  );
}
