import type { RouteHandle } from "#app/utils/route-rules.ts";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import { getPasswordPolicy } from "#app/models/settings.server.ts";
import { Link } from "react-router";
import type { Route } from "./+types/auth";
import { handleSignIn, handleSignUp } from "#app/routes/auth/+shared/sign-in.server.ts";
import { accountFormConstraints } from "#app/forms/constraints.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { requireAnonymous } from "#app/utils/auth.server.ts";
import { SignInForm } from "#app/routes/auth/+shared/sign-in-form.tsx";
import { SignUpForm } from "#app/routes/auth/+shared/sign-up-form.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";

export const handle = { rules: { access: "public", maintenance: "open", shed: "priority" } } satisfies RouteHandle;

function tabOf(url: URL) {
  return url.searchParams.get("tab") === "signup" ? "signup" : "signin";
}

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAnonymous(request, "/dashboard");
  return {
    tab: tabOf(url),
    passwordPolicy: await getPasswordPolicy(),
    constraints: accountFormConstraints("auth"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAnonymous(request, "/dashboard");
  // A body that is not a form (wrong content type, malformed) is an empty form: 400, never 500.
  const formData = await request
    .clone()
    .formData()
    .catch(() => new FormData());
  switch (intentOf(formData)) {
    case "signin":
      return handleSignIn(request, formData, context.get(clientAddressContext));
    case "signup":
      return handleSignUp(request, formData, {
        portal: false,
        successUrl: "/auth",
        address: context.get(clientAddressContext),
      });
    default:
      return unknownIntent();
  }
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  const { tab } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-center text-3xl font-bold text-gray-900">Auth</h1>
      <nav
        aria-label="Sign in or sign up"
        className="mt-6 grid grid-cols-2 rounded-lg bg-gray-200 p-1 text-center text-sm font-semibold"
      >
        <Link
          to="/auth"
          aria-current={tab === "signin" ? "page" : undefined}
          className={`rounded-md px-3 py-2 ${tab === "signin" ? "bg-white shadow" : "text-gray-700"}`}
        >
          Sign In
        </Link>
        <Link
          to="/auth?tab=signup"
          aria-current={tab === "signup" ? "page" : undefined}
          className={`rounded-md px-3 py-2 ${tab === "signup" ? "bg-white shadow" : "text-gray-700"}`}
        >
          Sign Up
        </Link>
      </nav>
      <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
        {tab === "signin" ? (
          <>
            <h2 className="mb-4 text-lg font-semibold">Sign In</h2>
            <SignInForm lastResult={actionData?.result} constraint={loaderData.constraints.signIn} />
          </>
        ) : (
          <SignUpForm
            screen="auth"
            lastResult={actionData?.result}
            passwordPolicy={loaderData.passwordPolicy}
            constraint={loaderData.constraints.signUp}
          />
        )}
      </div>
    </main>
  );
}

export function meta() {
  return [{ title: `Auth | ${SCHOOL_NAME}` }];
}
