import { getDemoStatus } from "@/lib/db/demo-status";
import { demoNotice } from "@/lib/demo-status";

/** The first start serves before its demo data is in: say so on every page until it is. */
export async function DemoBanner() {
  const notice = demoNotice(await getDemoStatus().catch(() => null));
  if (!notice) return null;
  return (
    <div
      role="status"
      data-testid="demo-banner"
      className={
        notice.tone === "info"
          ? "border-b border-indigo-200 bg-indigo-50 px-6 py-2 text-sm text-indigo-900"
          : "border-b border-amber-200 bg-amber-50 px-6 py-2 text-sm text-amber-900"
      }
    >
      <p className="mx-auto max-w-7xl">{notice.text}</p>
    </div>
  );
}
