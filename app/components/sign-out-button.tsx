import { Form } from "react-router";

/** Sign Out as a POST to /sign-out (a GET signs nobody out), back to the portal chooser. */
export function SignOutButton({ redirectTo = "/portal" }: { redirectTo?: string }) {
  return (
    <Form method="post" action="/sign-out">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        className="min-h-11 whitespace-nowrap rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50"
      >
        Sign Out
      </button>
    </Form>
  );
}
