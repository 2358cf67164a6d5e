import { data } from "react-router";
import type { Refused } from "#app/domain/result.ts";

type Submission = import("@conform-to/react").Submission<unknown, string[]>;
type ReplyOptions = Parameters<Submission["reply"]>[0];

/**
 * A service's refusal as the form's reply (app/domain/result.ts): its message under its field, or above the form
 * when it names none, with the refusal's status. `options` go to Conform's reply as they are (`hideFields`, …).
 */
export function replyToRefusal(submission: Submission, refusal: Refused, options: ReplyOptions = {}) {
  const reply = refusal.field
    ? submission.reply({ ...options, fieldErrors: { [refusal.field]: [refusal.message] } })
    : submission.reply({ ...options, formErrors: [refusal.message] });
  return data({ result: reply }, { status: refusal.status });
}
