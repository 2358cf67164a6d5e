export type PerformanceLabel = "Excellent" | "Good" | "Average" | "Needs Improvement";

/** docs/product.md#validation: 80 and up Excellent; 70 and up Good; 60 and up Average; below 60 Needs Improvement. */
export function performanceLabel(score: number): PerformanceLabel {
  if (score >= 80) return "Excellent";
  if (score >= 70) return "Good";
  if (score >= 60) return "Average";
  return "Needs Improvement";
}
