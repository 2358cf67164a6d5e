/**
 * The strings the form kit itself shows (fields, drafts, submitting), apart from the rest of the UI's strings in
 * messages.ts: a public form's first visit loads these and not the whole list
 * (docs/decisions/0120-first-visit-the-framework-plus-25-kb.md).
 *
 * Never losing a parent's work: drafts, flaky links, slow submits (docs/decisions/0023-drafts-on-the-device.md,
 * 0024-idempotent-submissions.md).
 */
export const OFFLINE_SUBMIT_MESSAGE =
  "No connection. Your answers are saved on this phone. We will send them when you are back online.";
export const SLOW_SUBMIT_MESSAGE = "Sending… still working, please keep this page open";
export const DRAFT_RESTORE_QUESTION = "Continue where you left off?";
export const DRAFT_RESTORE = "Restore";
export const DRAFT_START_AGAIN = "Start again";
