import { data } from "react-router";
import type { Refused } from "#app/domain/result.ts";
import { fieldErrorsOf } from "#app/forms/parse.ts";

type Submission = import("@conform-to/react").Submission<unknown, string[]>;
type ReplyOptions = Parameters<Submission["reply"]>[0];

/**
 * A service's refusal as Conform's reply (app/domain/result.ts): its message under its field (each under its own when
 * it names several), or above the form when it names none. `options` go to Conform's reply as they are (`hideFields`, …).
 */
export function refusalReply(submission: Submission, refusal: Refused, options: ReplyOptions = {}) {
  if (refusal.fields)
    return submission.reply({
      ...options,
      fieldErrors: fieldErrorsOf(refusal.fields),
    });
  return refusal.field
    ? submission.reply({ ...options, fieldErrors: { [refusal.field]: [refusal.message] } })
    : submission.reply({ ...options, formErrors: [refusal.message] });
}

/** The action's answer to a refusal: `{ result }`, the form's reply, with the refusal's status. */
export function replyToRefusal(submission: Submission, refusal: Refused, options: ReplyOptions = {}) {
  return data({ result: refusalReply(submission, refusal, options) }, { status: refusal.status });
}
