import type { RouteHandle } from "#app/utils/route-rules.ts";
import { parseWithZod } from "#app/forms/parse.ts";
import { data } from "react-router";
import { SettingsPage } from "#app/routes/admin/+shared/settings-nav.tsx";
import { TabForm } from "#app/routes/admin/+shared/settings-tab-form.tsx";
import { saveSettingsTab, visibleSettings } from "#app/services/content/school-settings.server.ts";
import { replyToRefusal } from "#app/utils/refusal-reply.server.ts";
import type { Route } from "./+types/settings";
import { requireAdmin } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import {
  SETTINGS_SCHEMAS,
  SETTINGS_TABS,
  SETTINGS_SECRETS,
  type SettingsTab,
} from "#app/forms/admin-settings.schema.ts";
import { SETTINGS_SAVED } from "#app/domain/messages.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { getSettings } from "#app/models/settings.server.ts";

export const handle = { rules: { access: { admin: "can_edit_settings" } } } satisfies RouteHandle;

function tabFromParams(params: { tab?: string }): SettingsTab {
  const tab = params.tab ?? "general";
  const found = SETTINGS_TABS.find((t) => t.tab === tab && t.tab !== "general");
  if (params.tab === undefined) return "general";
  if (!found) throw data("Not found", { status: 404 });
  return found.tab;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, handle.rules.access.admin);
  const tab = tabFromParams(params);
  return { tab, settings: visibleSettings(await getSettings()) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, handle.rules.access.admin);
  const tab = tabFromParams(params);
  const submission = parseWithZod(await request.formData(), { schema: SETTINGS_SCHEMAS[tab] });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: SETTINGS_SECRETS.map((s) => s.field) }) }, { status: 400 });
  }
  const saved = await saveSettingsTab(tab, submission.value, user._id);
  if (!saved.ok) return replyToRefusal(submission, saved, { hideFields: [] });
  const path = SETTINGS_TABS.find((t) => t.tab === tab)!.path;
  return redirectWithToast(path, {
    type: "success",
    title: SETTINGS_SAVED,
    description: "Your changes have been saved.",
  });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, settings } = loaderData;
  const label = SETTINGS_TABS.find((t) => t.tab === tab)!.label;
  return (
    <SettingsPage title={<>{label} Settings</>}>
      {/* key: a fresh form per tab, so one tab's values never leak into another */}
      <TabForm key={tab} tab={tab} settings={settings} lastResult={actionData?.result} />
    </SettingsPage>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const label = SETTINGS_TABS.find((t) => t.tab === loaderData?.tab)?.label ?? "Settings";
  return [{ title: `${label} Settings | Admin | ${SCHOOL_NAME}` }];
}
