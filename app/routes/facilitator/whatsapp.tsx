import type { RouteHandle } from "#app/utils/route-rules.ts";
import { useState } from "react";
import type { Route } from "./+types/whatsapp";
import { requireRole } from "#app/utils/auth.server.ts";
import { SAMPLE_WHATSAPP_GROUPS } from "#app/domain/sample-data.ts";
import { CardList } from "#app/components/dashboard/card-list.tsx";
import { DashboardPage, SampleDataBadge } from "#app/components/dashboard/page.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { useClientToast } from "#app/components/toaster.tsx";
import { useHydrated } from "#app/utils/use-hydrated.ts";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, ["facilitator", "admin"]);
  return { groups: SAMPLE_WHATSAPP_GROUPS };
}

/** docs/product.md#screens: the 14 sample subject groups, each with open-link and copy-link buttons. */
export default function FacilitatorWhatsapp({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const toast = useClientToast();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (name: string, link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(link);
      toast.show({ type: "success", title: "Link Copied", description: `Invite link for ${name} copied to clipboard` });
    } catch {
      toast.show({
        type: "error",
        title: "Could not copy the link",
        description: "Select the link text and copy it instead.",
      });
    }
  };
  return (
    <DashboardPage
      title="WhatsApp"
      description={
        <>
          Subject groups for your classes.
          <SampleDataBadge />
        </>
      }
    >
      {toast.element}
      <CardList
        items={loaderData.groups}
        itemKey={(g) => g.id}
        layout="grid"
        cardClassName="flex flex-col p-5 shadow-sm"
        heading={(g) => g.name}
        empty="No groups yet."
      >
        {(g) => (
          <>
            <p className="mt-1 text-sm text-gray-700">{g.description}</p>
            <p className="mt-2 text-sm text-gray-800">
              {g.memberCount} members · last activity {g.lastActivity}
            </p>
            <p className="mt-2 select-all break-all rounded bg-gray-100 px-2 py-1 font-mono text-xs text-gray-900">
              {g.inviteLink}
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <a href={g.inviteLink} target="_blank" rel="noopener noreferrer" className={buttonClass("whatsapp")}>
                Open link<span className="sr-only"> for {g.name} (opens WhatsApp)</span>
              </a>
              {hydrated ? (
                <Button variant="secondary" onClick={() => copy(g.name, g.inviteLink)}>
                  {copied === g.inviteLink ? "Copied" : "Copy link"}
                  <span className="sr-only"> for {g.name}</span>
                </Button>
              ) : null}
            </div>
          </>
        )}
      </CardList>
    </DashboardPage>
  );
}
