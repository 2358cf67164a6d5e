import { Schema } from "mongoose";
import { registrationsGone } from "#app/models/registrations-gone.server.ts";
import { handinStore } from "#app/models/infra/handin-store.server.ts";
import { raiseWorkRevision } from "#app/models/revisions.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/**
 * Work handed in (docs/decisions/0108-work-handed-in-and-marked.md): one per student and assignment, its id
 * `<assignment id>.<registration id>`, so handing in again replaces it. Its files are in the hand-in store
 * (app/models/infra/handin-store.server.ts) under the keys it names. A mark is a score out of the assignment's maximum, kept
 * as a percentage too (averages read that); a mark corrected keeps the earlier one in `markChanges`.
 */
const submissionFileSchema = new Schema(
  {
    key: { type: String, required: true },
    name: { type: String, required: true },
    type: { type: String, required: true },
    size: { type: Number, required: true },
  },
  { _id: false },
);

const submissionSchema = new Schema(
  {
    _id: { type: String, required: true },
    assignmentId: { type: String, required: true },
    registrationId: { type: String, required: true },
    subject: { type: String, required: true },
    vacation: { type: String, default: null },
    text: { type: String, maxlength: 5000, default: "" },
    files: { type: [submissionFileSchema], default: [] },
    submittedAt: { type: Date, required: true },
    late: { type: Boolean, default: false },
    score: { type: Number, default: null },
    percent: { type: Number, default: null },
    comment: { type: String, maxlength: 1000, default: null },
    /** Who gave the mark, and the facilitator an admin was viewing as then (null otherwise). */
    markedBy: { type: String, default: null },
    markedAs: { type: String, default: null },
    markedAt: { type: Date, default: null },
    markChanges: {
      type: [{ _id: false, score: Number, comment: String, markedBy: String, markedAs: String, markedAt: Date }],
      default: [],
    },
  },
  { collection: "submissions" },
);
submissionSchema.index({ assignmentId: 1, submittedAt: 1 });
submissionSchema.index({ registrationId: 1, subject: 1 });
submissionSchema.index({ subject: 1, markedAt: 1 });
// Newest first, for the overview's latest work: walked in order until enough of the facilitator's subjects are met.
submissionSchema.index({ submittedAt: -1 });
submissionSchema.index({ vacation: 1 });

export type SubmissionFile = { key: string; name: string; type: string; size: number };
export type SubmissionDoc = {
  _id: string;
  assignmentId: string;
  registrationId: string;
  subject: string;
  vacation: string | null;
  text: string;
  files: SubmissionFile[];
  submittedAt: Date;
  late: boolean;
  score: number | null;
  percent: number | null;
  comment: string | null;
  markedBy: string | null;
  markedAs?: string | null;
  markedAt: Date | null;
  markChanges: Array<{
    score: number;
    comment: string | null;
    markedBy: string;
    markedAs?: string | null;
    markedAt: Date;
  }>;
};
export const Submission = defineModel<SubmissionDoc>("Submission", submissionSchema);

export const submissionId = (assignmentId: string, registrationId: string) => `${assignmentId}.${registrationId}`;

/**
 * Removes the work of registrations that are deleted (or, with "orphaned", of every registration no longer there): the
 * submissions first, then their files, so a crash leaves at worst files nothing names, never work naming none.
 */
export async function removeWorkOf(registrationIds: readonly string[] | "orphaned") {
  let ids: string[];
  if (registrationIds === "orphaned") {
    ids = await registrationsGone((await Submission.distinct("registrationId")).map(String));
  } else ids = registrationIds.map(String);
  if (!ids.length) return;
  const rows = await Submission.find({ registrationId: { $in: ids } })
    .select("files.key")
    .lean<Array<{ files: Array<{ key: string }> }>>();
  await Submission.deleteMany({ registrationId: { $in: ids } });
  await raiseWorkRevision();
  const store = handinStore();
  for (const f of rows.flatMap((r) => r.files)) await store.remove(f.key).catch(() => undefined);
}
