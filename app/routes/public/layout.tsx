import type { RouteHandle } from "#app/utils/route-rules.ts";
import { Outlet, useRouteLoaderData } from "react-router";
import { BackToTop, PublicHeader } from "#app/components/public/public-header.tsx";
import { PublicFooter } from "#app/components/public/public-footer.tsx";

export const handle = { rules: { access: "public" } } satisfies RouteHandle;

type RootData = { user: { fullName: string } | null; socialLinks?: { label: string; href: string }[] } | undefined;

/**
 * Header and footer of the public site. The default export is a plain layout
 * (header, <Outlet/>, footer): other areas (the /whatsapp pages) reuse this file
 * with their own route id.
 */
export default function PublicLayout() {
  const root = useRouteLoaderData("root") as RootData;
  return (
    <>
      <PublicHeader user={root?.user ?? null} />
      <Outlet />
      <PublicFooter socialLinks={root?.socialLinks ?? []} />
      <BackToTop />
    </>
  );
}
