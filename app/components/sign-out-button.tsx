import { Form } from "react-router";

/**
 * Sign-out as a POST to /sign-out (a GET signs nobody out), then on to `redirectTo`: the portal chooser from the
 * portals, the home page from the public header and the dashboard shell (docs/product.md#screens).
 */
export function SignOutButton({
  redirectTo = "/portal",
  label = "Sign Out",
  className,
  buttonClassName = "min-h-11 whitespace-nowrap rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50",
}: {
  redirectTo?: string;
  label?: string;
  /** On the form: where it shows (e.g. "hidden md:block"). */
  className?: string;
  buttonClassName?: string;
}) {
  return (
    <Form method="post" action="/sign-out" className={className}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className={buttonClassName}>
        {label}
      </button>
    </Form>
  );
}
