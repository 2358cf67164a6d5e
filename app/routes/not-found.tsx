import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data } from "react-router";
import { StatusPage } from "#app/components/error-pages.tsx";

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

export function NotFoundPage() {
  return (
    <StatusPage code={404} title="Page not found">
      <p className="mt-4 text-gray-700">Sorry, we couldn't find the page you're looking for.</p>
    </StatusPage>
  );
}
