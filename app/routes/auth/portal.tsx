import type { RouteHandle } from "#app/utils/route-rules.ts";
import { intentOf, unknownIntent } from "#app/utils/intent.server.ts";
import { getPasswordPolicy } from "#app/models/settings.server.ts";
import { Link } from "react-router";
import { SignOutButton } from "#app/components/sign-out-button.tsx";
import type { Route } from "./+types/portal";
import { handleSignIn, handleSignUp } from "#app/routes/auth/+shared/sign-in.server.ts";
import { accountFormConstraints } from "#app/forms/constraints.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { getOptionalUser } from "#app/utils/auth.server.ts";
import { safeRedirect } from "#app/utils/redirect.ts";
import { homePathForRole } from "#app/domain/roles.ts";
import { SignInForm } from "#app/routes/auth/+shared/sign-in-form.tsx";
import { SignUpForm } from "#app/routes/auth/+shared/sign-up-form.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { publicPageHeaders } from "#app/utils/http-cache.server.ts";
import { BackLink } from "#app/components/ui/back-link.tsx";

const CARDS = [
  {
    role: "student",
    title: "Student",
    description: "See your subjects, join your WhatsApp class pages and check your weekly schedule.",
  },
  {
    role: "parent",
    title: "Parent",
    description: "Follow your ward's enrolment, class pages and the parents' WhatsApp group.",
  },
  {
    role: "facilitator",
    title: "Facilitator",
    description: "Manage your classes, assignments and the students in your subjects.",
  },
  {
    role: "admin",
    title: "Admin",
    description: "Run the school: registrations, users, WhatsApp groups, subjects and settings.",
  },
] as const;
type CardRole = (typeof CARDS)[number]["role"];

function readQuery(url: URL) {
  const role = CARDS.find((c) => c.role === url.searchParams.get("role"))?.role ?? null;
  // Nobody can make themselves an admin: the Admin card offers sign-in only.
  const mode = role && role !== "admin" && url.searchParams.get("mode") === "signup" ? "signup" : "signin";
  const redirectTo = url.searchParams.get("redirectTo");
  return { role, mode, redirectTo: redirectTo ? safeRedirect(redirectTo, "") || null : null } as const;
}

// The same for every anonymous visitor: cacheable (app/utils/http-cache.server.ts).
export const headers = publicPageHeaders;
/** The parameters this page reads (readQuery): a role card, sign-up mode, and a free redirect target (not shared). */
export const handle = {
  rules: {
    access: "public",
    maintenance: "open",
    shed: "priority",
    pageCache: { params: { role: CARDS.map((c) => c.role), mode: ["signup"], redirectTo: "uncached" } },
  },
} satisfies RouteHandle;

export async function loader({ request, url }: Route.LoaderArgs) {
  const info = await getOptionalUser(request);
  // Portals show the effective user (the impersonated one while an admin views as them).
  const who = info?.effectiveUser;
  const passwordPolicy = await getPasswordPolicy();
  return {
    ...readQuery(url),
    passwordPolicy,
    constraints: accountFormConstraints("portal"),
    signedInAs: who ? { name: who.fullName, home: homePathForRole(who.role) } : null,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  // A body that is not a form (wrong content type, malformed) is an empty form: 400, never 500.
  const formData = await request
    .clone()
    .formData()
    .catch(() => new FormData());
  const { role } = readQuery(url);
  switch (intentOf(formData)) {
    case "signin":
      return handleSignIn(request, formData, context.get(clientAddressContext));
    case "signup":
      return signUp(request, formData, role, context.get(clientAddressContext));
    default:
      return unknownIntent();
  }
}

/** A new account from the portal: back to the chosen role's card (never the admin's), signed in. */
function signUp(request: Request, formData: FormData, role: string | null, address: string) {
  const chosen = typeof formData.get("role") === "string" ? String(formData.get("role")) : role;
  return handleSignUp(request, formData, {
    portal: true,
    address,
    successUrl: `/portal?role=${encodeURIComponent(CARDS.some((c) => c.role === chosen && c.role !== "admin") ? chosen! : "student")}`,
  });
}

export default function Portal({ loaderData, actionData }: Route.ComponentProps) {
  const { role, mode, redirectTo, signedInAs } = loaderData;
  const card = CARDS.find((c) => c.role === role);
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      {!card ? (
        <>
          <h1 className="text-center text-3xl font-bold text-gray-900">Choose your portal</h1>
          <p className="mt-2 text-center text-gray-700">Sign in with your phone number and password.</p>
          {signedInAs ? (
            <div className="mx-auto mt-4 flex max-w-xl flex-wrap items-center justify-center gap-3 rounded-md bg-brand-50 p-3 text-center text-sm text-brand-800">
              <p>
                You are signed in as {signedInAs.name}.{" "}
                <Link to={signedInAs.home} className="font-semibold underline">
                  Go to your dashboard
                </Link>
              </p>
              <SignOutButton buttonClassName="rounded border border-brand-700 bg-white px-3 py-1 font-semibold text-brand-800 hover:bg-brand-100" />
            </div>
          ) : null}
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {CARDS.map((c) => (
              <li key={c.role} className="flex flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
                <h2 className="text-lg font-semibold text-gray-900">{c.title}</h2>
                <p className="mt-2 flex-1 text-sm text-gray-700">{c.description}</p>
                <Link
                  to={`/portal?role=${c.role}${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}
                  className="mt-4 inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
                  aria-label={`Access Portal: ${c.title}`}
                >
                  Access Portal
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div className="mx-auto max-w-md">
          <BackLink to="/portal">Back to portal selection</BackLink>
          <h1 className="mt-4 text-2xl font-bold text-gray-900">{card.title} Portal</h1>
          {card.role !== "admin" ? (
            <nav
              aria-label="Sign in or sign up"
              className="mt-4 grid grid-cols-2 rounded-lg bg-gray-200 p-1 text-center text-sm font-semibold"
            >
              <Link
                to={`/portal?role=${card.role}${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}
                aria-current={mode === "signin" ? "page" : undefined}
                className={`rounded-md px-3 py-2 ${mode === "signin" ? "bg-white shadow" : "text-gray-700"}`}
              >
                Sign In
              </Link>
              <Link
                to={`/portal?role=${card.role}&mode=signup`}
                aria-current={mode === "signup" ? "page" : undefined}
                className={`rounded-md px-3 py-2 ${mode === "signup" ? "bg-white shadow" : "text-gray-700"}`}
              >
                Sign Up
              </Link>
            </nav>
          ) : (
            <p className="mt-2 text-sm text-gray-700">Admin accounts are created by the school. Sign in below.</p>
          )}
          <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
            {mode === "signin" ? (
              <>
                <h2 className="mb-4 text-lg font-semibold">Sign In</h2>
                <SignInForm
                  lastResult={actionData?.result}
                  redirectTo={redirectTo}
                  constraint={loaderData.constraints.signIn}
                />
              </>
            ) : (
              <SignUpForm
                screen="portal"
                role={card.role as Exclude<CardRole, "admin">}
                lastResult={actionData?.result}
                passwordPolicy={loaderData.passwordPolicy}
                constraint={loaderData.constraints.signUp}
              />
            )}
          </div>
        </div>
      )}
    </main>
  );
}

export function meta() {
  return [{ title: `Portal | ${SCHOOL_NAME}` }, { name: "description", content: "Sign in or create an account." }];
}
