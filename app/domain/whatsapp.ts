export const WHATSAPP_GROUP_HOST = "https://chat.whatsapp.com";

export const GROUP_TYPES = ["student", "subject", "general", "parent"] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

export const GROUP_TYPE_LABELS: Record<GroupType, string> = {
  student: "Class Page",
  subject: "Subject Group",
  general: "General Group",
  parent: "Parent Group",
};

/** A parent group may be for every programme: its programme value. */
export const ALL_PROGRAMMES = "all";

/** The stored name of a parent group, which has no subject: "General Science Parents", "All Programmes Parents". */
export function parentGroupName(programmeLabel: string): string {
  return `${programmeLabel} Parents`;
}

export const NOT_A_WHATSAPP_INVITE = "Enter a WhatsApp group invite link, e.g. https://chat.whatsapp.com/AbCdEf123";

/** A WhatsApp group invite link: https://chat.whatsapp.com/<code>, nothing else (no other host, port, user or path). */
export function isWhatsappInviteLink(link: string | null | undefined): boolean {
  let url: URL;
  try {
    url = new URL(String(link ?? "").trim());
  } catch {
    return false;
  }
  return (
    url.protocol === "https:" &&
    url.hostname === "chat.whatsapp.com" &&
    url.port === "" &&
    url.username === "" &&
    url.password === "" &&
    /^\/(invite\/)?[A-Za-z0-9_-]{4,64}\/?$/.test(url.pathname)
  );
}

export function groupTypeLabel(type: string | null | undefined): string {
  return (GROUP_TYPES as readonly string[]).includes(type ?? "") ? GROUP_TYPE_LABELS[type as GroupType] : (type ?? "");
}

const UNUSABLE_MARKERS = ["placeholder", "coming soon", "not available", "temp"];

/**
 * docs/product.md#validation: a student-group link is unusable if empty, contains (any case)
 * 'placeholder', 'coming soon', 'not available' or 'temp', or does not begin
 * with the WhatsApp group host followed by "/".
 */
export function isUsableStudentLink(link: string | null | undefined): boolean {
  const value = (link ?? "").trim();
  if (!value) return false;
  const lower = value.toLowerCase();
  if (UNUSABLE_MARKERS.some((marker) => lower.includes(marker))) return false;
  return value.startsWith(`${WHATSAPP_GROUP_HOST}/`);
}

/** docs/product.md#validation: a parent-group link is unavailable if empty, contains 'placeholder', or is '#'. */
export function isUsableParentLink(link: string | null | undefined): boolean {
  const value = (link ?? "").trim();
  if (!value || value === "#") return false;
  return !value.toLowerCase().includes("placeholder");
}

/** Per subject of a ward, the link of its class page a student can join, or null ("Class Page Coming Soon"). */
export function classPageLinks(
  subjects: readonly string[],
  groups: readonly { subjectName: string; whatsappLink: string }[],
): { subject: string; link: string | null }[] {
  return subjects.map((subject) => {
    const usable = groups.find((g) => g.subjectName === subject && isUsableStudentLink(g.whatsappLink));
    return { subject, link: usable ? usable.whatsappLink : null };
  });
}

/**
 * One rule for every stored link, as for a new one: a WhatsApp invite, and for a class page or a parent group the
 * usable-link rule above (a link saved before the rules, "https://chat.whatsapp.com/coming soon", is not usable).
 */
export function isUsableGroupLink(groupType: string, link: string | null | undefined): boolean {
  if (!isWhatsappInviteLink(link)) return false;
  if (groupType === "student") return isUsableStudentLink(link);
  if (groupType === "parent") return isUsableParentLink(link);
  return true;
}

/** A wa.me link that pre-fills a message, used to share a group with a parent. */
export function waShareLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
