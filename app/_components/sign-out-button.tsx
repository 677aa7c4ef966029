"use client";

import { signOut } from "next-auth/react";
import { buttonClass, PlainButton } from "./ui/button";

export function SignOutButton() {
  return (
    <PlainButton type="button" className={buttonClass("ghost", "sm")} onClick={() => void signOut({ callbackUrl: "/login" })}>
      Sign out
    </PlainButton>
  );
}
