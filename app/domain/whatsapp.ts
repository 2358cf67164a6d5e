export const WHATSAPP_GROUP_HOST = "https://chat.whatsapp.com";

export const GROUP_TYPES = ["student", "subject", "general", "parent"] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

export const GROUP_TYPE_LABELS: Record<GroupType, string> = {
  student: "Class Page",
  subject: "Subject Group",
  general: "General Group",
  parent: "Parent Group",
};

/** The admin group form offers only this type (spec §2). */
export const ADMIN_FORM_GROUP_TYPES = ["student"] as const;

export function groupTypeLabel(type: string | null | undefined): string {
  return (GROUP_TYPES as readonly string[]).includes(type ?? "")
    ? GROUP_TYPE_LABELS[type as GroupType]
    : (type ?? "");
}

const UNUSABLE_MARKERS = ["placeholder", "coming soon", "not available", "temp"];

/**
 * Spec §5: a student-group link is unusable if empty, contains (any case)
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

/** Spec §5: a parent-group link is unavailable if empty, contains 'placeholder', or is '#'. */
export function isUsableParentLink(link: string | null | undefined): boolean {
  const value = (link ?? "").trim();
  if (!value || value === "#") return false;
  return !value.toLowerCase().includes("placeholder");
}

/** A wa.me link that pre-fills a message, used to share a group with a parent. */
export function waShareLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
