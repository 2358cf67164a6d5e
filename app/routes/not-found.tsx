import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import { NotFoundPage } from "#app/components/error-pages.tsx";

export const handle = { rules: { access: "public" } } satisfies RouteHandle;

export function loader() {
  throw data("Not found", { status: 404 });
}

export function action() {
  throw data("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
