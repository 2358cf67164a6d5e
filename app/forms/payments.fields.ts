import {
  OFFICE_PAYMENT_METHODS,
  PARENT_PAYMENT_METHODS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATES,
  PAYMENT_STATE_LABELS,
} from "#app/domain/money.ts";

/**
 * The payment forms' select options: what the pages render, apart from the schemas (payments.schema.ts), so that a
 * page can render without Zod or the phone-number metadata and load a schema only to validate
 * (app/components/form/use-client-validation.ts).
 */
export const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));
/** What the office records by hand: a gateway payment is made by the gateway, never typed in. */
export const OFFICE_METHOD_OPTIONS = OFFICE_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));
export const PARENT_METHOD_OPTIONS = PARENT_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));
export const STATE_OPTIONS = PAYMENT_STATES.map((s) => ({ value: s, label: PAYMENT_STATE_LABELS[s] }));
