import { Schema } from "mongoose";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/**
 * A scheduled job's run, claimed once by id (`weekly-progress:<vacation>:<week>`), so that of the workers and
 * instances looking at the clock only one does it (docs/decisions/0109-weekly-progress-by-sms.md). A claim left
 * unfinished (its process died) may be taken over once it is older than `staleMs`.
 */
const jobRunSchema = new Schema(
  {
    _id: { type: String, required: true },
    startedAt: { type: Date, required: true },
    finishedAt: { type: Date, default: null },
    details: { type: Schema.Types.Mixed, default: null },
  },
  { collection: "job_runs" },
);

type JobRunDoc = { _id: string; startedAt: Date; finishedAt: Date | null; details: unknown };
export const JobRun = defineModel<JobRunDoc>("JobRun", jobRunSchema);

/** Claims the run `id`: true for the one caller that may do it now. */
export async function claimJobRun(id: string, now: Date, staleMs: number): Promise<boolean> {
  try {
    await JobRun.create({ _id: id, startedAt: now });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
  }
  const { modifiedCount } = await JobRun.updateOne(
    { _id: id, finishedAt: null, startedAt: { $lt: new Date(now.getTime() - staleMs) } },
    { $set: { startedAt: now } },
  );
  return modifiedCount === 1;
}

export async function finishJobRun(id: string, details: unknown) {
  await JobRun.updateOne({ _id: id }, { $set: { finishedAt: new Date(), details } });
}
