import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/registrations-delete";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { programmeLabel } from "#app/domain/programmes.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import { getRegistrationForDelete } from "#app/models/registration.server.ts";
import {
  deleteRegistrationAndRedirect,
  registrationsReturnUrl,
} from "#app/routes/admin/+shared/registrations.server.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { ID_PATTERN } from "#app/domain/ids.ts";
import { AdminPage } from "#app/components/ui/admin-page.tsx";

export const handle = { rules: { access: { admin: "can_access_registrations" } } } satisfies RouteHandle;

const IdSchema = z.string().regex(ID_PATTERN);

/** The confirmation step for deleting a registration without JavaScript (with JS a dialog does this). */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const id = IdSchema.safeParse(params.id);
  const registration = id.success ? await getRegistrationForDelete(id.data) : null;
  if (!registration) throw data("Registration not found.", { status: 404 });
  const returnTo = registrationsReturnUrl(url.searchParams.get("returnTo"));
  return {
    id: String(registration._id),
    wardName: registration.wardName,
    parentName: registration.parentName,
    programme: programmeLabel(registration.programme),
    returnTo,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const id = IdSchema.safeParse(params.id);
  if (!id.success) throw data("Registration not found.", { status: 404 });
  const formData = await request.formData();
  return deleteRegistrationAndRedirect(user._id, id.data, registrationsReturnUrl(formData.get("returnTo")));
}

export default function DeleteRegistration({ loaderData }: Route.ComponentProps) {
  const { wardName, parentName, programme, returnTo } = loaderData;
  return (
    <AdminPage title="Delete registration" width="xl" card="plain">
      <p className="mt-3 text-gray-800">Delete the registration of {wardName}?</p>
      <p className="mt-1 text-sm text-gray-700">
        {programme} · parent/guardian {parentName}. This cannot be undone.
      </p>
      <Form method="post" className="mt-6 flex gap-3">
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className={buttonClass("danger")}>
          Confirm
        </button>
        <Link to={returnTo} className={buttonClass("secondary")}>
          Cancel
        </Link>
      </Form>
    </AdminPage>
  );
}

export function meta() {
  return [{ title: `Delete registration | Admin | ${SCHOOL_NAME}` }];
}
