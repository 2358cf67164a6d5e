import type { RouteHandle } from "#app/utils/route-rules.ts";
import { useState } from "react";
import { data, Form, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/reset-link";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { createPasswordReset, resetLinkUrl } from "#app/services/people/password-recovery.server.ts";
import { RESET_LINK_HOURS } from "#app/forms/auth.schema.ts";
import { User } from "#app/models/user.server.ts";
import { audit } from "#app/models/audit-log.server.ts";
import { ROLE_LABELS, effectiveRole } from "#app/domain/roles.ts";
import { waMeNumber } from "#app/domain/phone.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { ACCESS_RESTRICTED_MESSAGE, ACCESS_RESTRICTED_TITLE } from "#app/domain/messages.ts";
import { Button, ButtonLink, buttonClass } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";
import { BackLink } from "#app/components/ui/back-link.tsx";

export const handle = { rules: { access: { admin: "can_edit_users" } } } satisfies RouteHandle;

const ParamsSchema = z.object({ userId: z.string().regex(ID_PATTERN) });

/** The non-admin user the link is for; admins are refused (403), unknown ids are 404. */
async function loadTarget(params: unknown) {
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) throw data("User not found.", { status: 404 });
  const target = await User.findById(parsed.data.userId)
    .select("_id fullName role phone")
    .lean<{ _id: string; fullName: string; role: string; phone: string }>();
  if (!target) throw data("User not found.", { status: 404 });
  if (target.role === "admin") {
    throw data(
      { title: "Not available for admins", message: "Reset links can only be made for non-admin users." },
      { status: 403 },
    );
  }
  return target;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const target = await loadTarget(params);
  return { target: { id: target._id, fullName: target.fullName, role: ROLE_LABELS[effectiveRole(target.role)] } };
}

/** Creates the link and shows it once (it is not stored in clear, so it cannot be shown again). */
export async function action({ request, params }: Route.ActionArgs) {
  const { user: admin } = await requireAdmin(request, handle.rules.access.admin);
  const target = await loadTarget(params);
  const { token, expiresAt } = await createPasswordReset({ userId: target._id, createdBy: admin._id });
  await audit("password-reset.link-created", admin._id, target._id);
  const link = resetLinkUrl(token);
  const message = `Hello ${target.fullName}, use this link to set a new password for your ${SCHOOL_NAME} account. It works once and expires in ${RESET_LINK_HOURS} hours: ${link}`;
  return data(
    {
      link,
      expiresAt: expiresAt.toISOString(),
      whatsappHref: `https://wa.me/${waMeNumber(target.phone)}?text=${encodeURIComponent(message)}`,
      smsHref: `sms:+${waMeNumber(target.phone)}?body=${encodeURIComponent(message)}`,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function ResetLink({ loaderData, actionData }: Route.ComponentProps) {
  const { target } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-10">
      <BackLink to="/admin/users">Back to User Management</BackLink>
      <h1 className="mt-4 text-2xl font-bold text-gray-900">Password reset link</h1>
      <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
        {actionData ? (
          <CreatedLink name={target.fullName} {...actionData} />
        ) : (
          <Form method="post" className="space-y-4">
            <p className="text-gray-800">
              Create a one-time password reset link for {target.fullName}{" "}
              <span className="text-gray-700">({target.role})</span>
            </p>
            <p className="text-sm text-gray-700">
              The link works once and expires in {RESET_LINK_HOURS} hours. Send it to the user by WhatsApp or SMS. Any
              earlier link for this user stops working.
            </p>
            <Button type="submit">Create reset link</Button>
          </Form>
        )}
      </div>
    </main>
  );
}

function CreatedLink({
  name,
  link,
  whatsappHref,
  smsHref,
}: {
  name: string;
  link: string;
  whatsappHref: string;
  smsHref: string;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<null | "ok" | "failed">(null);
  return (
    <div className="space-y-4">
      <p className="font-semibold text-gray-900">Reset link created for {name}.</p>
      <p className="text-sm text-gray-700">
        Copy it now: it is shown only once. It works once and expires in {RESET_LINK_HOURS} hours.
      </p>
      <div>
        <label htmlFor="reset-link" className="mb-1 block text-sm font-medium text-gray-900">
          Reset link
        </label>
        <input
          id="reset-link"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className="block w-full rounded-md border border-gray-400 bg-gray-50 px-3 py-2 font-mono text-sm text-gray-900"
        />
      </div>
      <div className="flex flex-wrap gap-3">
        {hydrated ? (
          <Button
            variant="secondary"
            onClick={() =>
              navigator.clipboard.writeText(link).then(
                () => setCopied("ok"),
                () => setCopied("failed"),
              )
            }
          >
            Copy link
          </Button>
        ) : null}
        <a href={whatsappHref} target="_blank" rel="noopener noreferrer" className={buttonClass("whatsapp")}>
          Send by WhatsApp
        </a>
        <a href={smsHref} className={buttonClass("secondary")}>
          Send by SMS
        </a>
      </div>
      <p role="status" className="text-sm text-gray-800">
        {copied === "ok"
          ? "Link copied to the clipboard."
          : copied === "failed"
            ? "Could not copy: select the link and copy it."
            : ""}
      </p>
      <ButtonLink to="/admin/users" variant="ghost">
        Done
      </ButtonLink>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Reset link${loaderData ? ` for ${loaderData.target.fullName}` : ""} | ${SCHOOL_NAME}` }];
}

/** 'Access Restricted' for an admin without can_edit_users; other errors go to the root page. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <main id="main" className="mx-auto max-w-2xl px-4 py-10">
        <div className="rounded-xl border border-yellow-300 bg-yellow-50 p-6">
          <h1 className="text-xl font-bold text-gray-900">{error.data?.title ?? ACCESS_RESTRICTED_TITLE}</h1>
          <p className="mt-2 text-gray-800">{error.data?.message ?? ACCESS_RESTRICTED_MESSAGE}</p>
        </div>
        <Link to="/admin" className="mt-6 inline-block font-semibold text-brand-700 underline">
          Back to the admin portal
        </Link>
      </main>
    );
  }
  throw error;
}
