import { AppHeader } from "@/app/_components/app-header";
import { DemoBanner } from "@/app/_components/demo-banner";
import { requireUser } from "@/lib/auth/session";

export default async function WorkbenchLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  return (
    <>
      <AppHeader user={user} />
      <DemoBanner />
      <main className="mx-auto max-w-7xl px-6 py-8">{children}</main>
    </>
  );
}
