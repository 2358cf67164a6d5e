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
