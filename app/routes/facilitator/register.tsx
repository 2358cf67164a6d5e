import type { RouteHandle } from "#app/utils/route-rules.ts";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/register";
import { actorOf, requireRole } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { ATTENDANCE_LABELS, ATTENDANCE_MARKS, registerSummary } from "#app/domain/attendance.ts";
import { lessonAudience, shortDay, timeLabel } from "#app/domain/lessons.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { loadRegister, saveRegister } from "#app/services/teaching/register.server.ts";
import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { SubmitButton } from "#app/components/form/fields.tsx";

export const handle = { rules: { access: { roles: ["facilitator", "admin"] } } } satisfies RouteHandle;

/** A field per student: `mark:<registration id>`. */
const MARK_PREFIX = "mark:";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { effectiveUser } = await requireRole(request, handle.rules.access.roles);
  const register = await loadRegister(params.lessonId, effectiveUser);
  if (!register.ok) throw data(register.message, { status: register.status });
  const l = register.lesson;
  return {
    title: `${l.subject}: ${shortDay(l.date)}, ${timeLabel(l.start)} to ${timeLabel(l.end)}`,
    audience: lessonAudience(l.programme, l.forms, l.classNo),
    saved: register.saved,
    rows: register.rows,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const info = await requireRole(request, handle.rules.access.roles);
  const formData = await request.formData();
  const sent: Record<string, string> = {};
  for (const [key, value] of formData)
    if (key.startsWith(MARK_PREFIX)) sent[key.slice(MARK_PREFIX.length)] = String(value);
  const outcome = await saveRegister(params.lessonId, actorOf(info), sent);
  if (!outcome.ok) {
    if (outcome.status !== 400) throw data(outcome.message, { status: outcome.status });
    return data({ error: outcome.message }, { status: 400 });
  }
  return redirectWithToast(`/facilitator-dashboard/lessons/${params.lessonId}/register`, {
    type: "success",
    title: "Register saved",
    description: `${registerSummary(outcome.marks)}.`,
  });
}

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { title, audience, saved, rows } = loaderData;
  return (
    <DashboardPage
      title="Register"
      description={
        <>
          {title} · {audience}. Everyone starts present: change those who are not, then save.
        </>
      }
    >
      <p className="mb-4">
        <Link to="/facilitator-dashboard/classes" className="font-semibold text-brand-700 underline">
          Back to classes
        </Link>
        {saved ? <span className="ml-3 text-sm text-gray-700">Saved: this lesson counts as held.</span> : null}
      </p>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-gray-800">
          No student is enrolled for this lesson&apos;s subject, programme and forms.
        </p>
      ) : (
        <Form method="post" aria-describedby={actionData?.error ? "register-error" : undefined} className="space-y-3">
          {actionData?.error ? (
            <p id="register-error" role="alert" className="rounded-md bg-red-50 p-3 font-semibold text-red-800">
              {actionData.error}
            </p>
          ) : null}
          <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
            {rows.map((r) => (
              <li key={r.registrationId} className="p-3">
                <fieldset>
                  <legend className="font-semibold text-gray-900">
                    {r.wardName}
                    {r.changed ? <span className="ml-2 text-sm font-normal text-gray-700">(changed)</span> : null}
                  </legend>
                  <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                    {/* The short .choice class and labels around their inputs (no ids): a class of 200 is 800 of these. */}
                    {ATTENDANCE_MARKS.map((mark) => (
                      <label key={mark} className="choice gap-2">
                        <input
                          type="radio"
                          name={`${MARK_PREFIX}${r.registrationId}`}
                          value={mark}
                          defaultChecked={r.mark === mark}
                        />
                        {ATTENDANCE_LABELS[mark]}
                      </label>
                    ))}
                  </div>
                </fieldset>
              </li>
            ))}
          </ul>
          <SubmitButton pendingLabel="Saving...">Save register</SubmitButton>
        </Form>
      )}
    </DashboardPage>
  );
}

export function meta() {
  return [{ title: `Register | ${SCHOOL_NAME}` }];
}
