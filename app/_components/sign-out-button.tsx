"use client";

import { signOut } from "next-auth/react";
import { buttonClass } from "./ui/button";

export function SignOutButton() {
  return (
    <button type="button" className={buttonClass("ghost", "sm")} onClick={() => void signOut({ callbackUrl: "/login" })}>
      Sign out
    </button>
  );
}
