/**
 * SAMPLE DATA (docs/product.md#constants, docs/product.md#sample-figures). Nothing in the database stands behind
 * these numbers and lists; the spec shows them as fixed values. Every page
 * that shows them labels them visibly as "Sample data".
 */
import { GROUP_FORM_SUBJECTS } from "#app/domain/programmes.ts";

export const SAMPLE_DATA_LABEL = "Sample data";

/** Facilitator Overview: fixed values from the spec. */
export const SAMPLE_PENDING_REVIEWS = 24;
export const SAMPLE_AVG_PERFORMANCE = 87;

/** Facilitator Overview: performance breakdown (share of students per band). */
export const SAMPLE_PERFORMANCE_BREAKDOWN = [
  { label: "Excellent", percent: 45 },
  { label: "Good", percent: 35 },
  { label: "Needs Improvement", percent: 20 },
] as const;

export const SAMPLE_UPCOMING_CLASSES = [
  { id: "up-1", subject: "Mathematics", topic: "Quadratic equations", day: "Monday", time: "8:00 AM", students: 28 },
  { id: "up-2", subject: "Physics", topic: "Motion and forces", day: "Tuesday", time: "10:00 AM", students: 22 },
  { id: "up-3", subject: "English Language", topic: "Essay writing", day: "Wednesday", time: "2:00 PM", students: 31 },
] as const;

export const SAMPLE_RECENT_ACTIVITIES = [
  { id: "act-1", text: "12 students submitted the Algebra practice test", when: "2 hours ago" },
  { id: "act-2", text: "New material uploaded for Physics: Motion and forces", when: "Yesterday" },
  { id: "act-3", text: "Live session held for English Language", when: "2 days ago" },
  { id: "act-4", text: "5 new students joined the Mathematics class page", when: "3 days ago" },
] as const;

export type SampleGroup = {
  id: string;
  name: string;
  subject: string;
  memberCount: number;
  inviteLink: string;
  lastActivity: string;
  description: string;
};

const ACTIVITY = ["10 minutes ago", "1 hour ago", "3 hours ago", "Yesterday", "2 days ago"];

/** The 14 sample subject groups of the facilitator WhatsApp tab: one per subject of the admin group list. */
export const SAMPLE_WHATSAPP_GROUPS: readonly SampleGroup[] = GROUP_FORM_SUBJECTS.map((subject, i) => ({
  id: `sample-group-${i + 1}`,
  name: `${subject} Class Group`,
  subject,
  memberCount: 20 + ((i * 7) % 25),
  inviteLink: `https://chat.whatsapp.com/Sample${subject.replace(/[^A-Za-z]/g, "")}${String(i + 1).padStart(2, "0")}`,
  lastActivity: ACTIVITY[i % ACTIVITY.length],
  description: `Questions, notes and announcements for ${subject} students.`,
}));
