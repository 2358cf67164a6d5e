/**
 * SAMPLE DATA (docs/product.md#constants, docs/product.md#sample-figures). Nothing in the database stands behind
 * these numbers and lists; the spec shows them as fixed values. Every page
 * that shows them labels them visibly as "Sample data".
 */

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
