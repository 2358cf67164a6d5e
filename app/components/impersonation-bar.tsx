import { Form } from "react-router";

/** docs/product.md#screens: shown on every page while an admin views the portal as someone else. */
export function ImpersonationBar({ role, name }: { role: string; name: string }) {
  return (
    <div
      className="flex flex-wrap items-center justify-center gap-3 bg-yellow-300 px-4 py-2 text-sm text-gray-900"
      role="region"
      aria-label="Impersonation"
    >
      <p className="font-semibold">
        Admin Mode: Viewing as {role} - {name}
      </p>
      <Form method="post" action="/impersonation/stop">
        <button
          type="submit"
          className="rounded border border-gray-900 bg-white px-3 py-1 font-semibold hover:bg-gray-100"
        >
          Exit Impersonation
        </button>
      </Form>
    </div>
  );
}
