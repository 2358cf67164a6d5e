import type { SessionInfo } from "#app/utils/session-cookie.server.ts";
import type { RulesLookup } from "#app/utils/route-tree.ts";
import { countUnseenAnnouncements } from "#app/models/communication.server.ts";
import { countOpenUnanswered } from "#app/models/evaluation.server.ts";
import { parentWards } from "#app/routes/dashboard/+shared/evaluations.server.ts";
import { visibleLinks } from "#app/components/dashboard/nav.ts";

/** The shell's data: the user, the sidebar's links, the bell's and the sidebar's counts. */
export async function dashboardShellData({ effectiveUser }: SessionInfo, rulesFor: RulesLookup) {
  const [unseenCount, evaluations] = await Promise.all([
    countUnseenAnnouncements(effectiveUser),
    effectiveUser.role === "parent"
      ? parentWards(effectiveUser).then((wards) => countOpenUnanswered(effectiveUser._id, wards))
      : 0,
  ]);
  return {
    user: {
      fullName: effectiveUser.fullName,
      displayName: effectiveUser.displayName ?? null,
      email: effectiveUser.email ?? null,
      role: effectiveUser.role,
    },
    links: visibleLinks(effectiveUser.role, rulesFor),
    unseenCount,
    badges: { evaluations },
  };
}
