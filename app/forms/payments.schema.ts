import { z } from "zod";
import { MOMO_NETWORKS } from "#app/domain/checkout.ts";
import { checkbox, searchField, requiredText } from "#app/forms/parse.ts";
import { PROGRAMMES, type Programme } from "#app/domain/programmes.ts";
import {
  OFFICE_PAYMENT_METHODS,
  PARENT_PAYMENT_METHODS,
  PAYMENT_METHODS,
  PAYMENT_STATES,
  parseCedis,
} from "#app/domain/money.ts";
import { isPlausiblePhone } from "#app/domain/phone.ts";
import { isCalendarDate } from "#app/domain/dates.ts";
import { DEFAULT_MIN_ONLINE_PAYMENT } from "#app/domain/fees.ts";

// The forms' select options live beside the schemas (payments.fields.ts); importers of either get both.
export * from "#app/forms/payments.fields.ts";

/** An amount typed in cedis → integer pesewas (no floats: see app/domain/money.ts). */
export const cedisField = (options: { allowZero?: boolean; required?: string } = {}) =>
  z.string({ error: options.required ?? "Enter an amount in Ghana cedis" }).transform((text, ctx) => {
    const parsed = parseCedis(text, { allowZero: options.allowZero });
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    return parsed.pesewas;
  });

const optionalCedis = cedisField()
  .optional()
  .transform((v) => (v === undefined ? null : v));

const isoDate = (label: string) =>
  z.string({ error: `Enter the ${label}` }).refine(isCalendarDate, `Enter the ${label} as a date`);

/** A date on which money was paid: a real date, not after today (Accra is UTC). */
const paidOnField = isoDate("payment date")
  .refine((v) => v <= new Date().toISOString().slice(0, 10), "The payment date cannot be in the future")
  .refine((v) => v >= "2020-01-01", "Enter the date the payment was made")
  .transform((v) => new Date(`${v}T00:00:00Z`));

const referenceField = z
  .string()
  .trim()
  .max(60, "The reference must be at most 60 characters")
  .regex(/^[A-Za-z0-9 .\-/#_]*$/, "Use only letters, digits, spaces and . - / # _ in the reference")
  .optional();

const optionalPhone = z
  .string()
  .trim()
  .max(30)
  .refine((v) => isPlausiblePhone(v), "Enter a valid phone number, e.g. 024 123 4567")
  .optional();

/** A written reason (refusing, voiding, changing what is owed, withdrawing a ward): what the audit trail keeps. */
export const reason = requiredText("Give a reason", 300, "The reason must be at most 300 characters", {
  length: 3,
  message: "Give a reason (at least 3 characters)",
});

// ---- Fee schedule (admin settings → Fees) ----

export const feeFieldName = (programme: Programme) => `fee_${programme}` as const;
export const bandFieldName = (programme: Programme) => `band_${programme}` as const;

const feeFields = Object.fromEntries(PROGRAMMES.map((p) => [feeFieldName(p), optionalCedis])) as Record<
  `fee_${Programme}`,
  typeof optionalCedis
>;
const bandFields = Object.fromEntries(PROGRAMMES.map((p) => [bandFieldName(p), optionalCedis])) as Record<
  `band_${Programme}`,
  typeof optionalCedis
>;

export const FeeScheduleSchema = z
  .object({
    /** The vacation whose fees these are (Admin → Vacations makes them; the server checks it exists). */
    vacation: z.string({ error: "Choose the vacation" }).trim().min(1, "Choose the vacation").max(40),
    deadline: isoDate("payment deadline")
      .optional()
      .transform((v) => v ?? ""),
    merchantName: z
      .string()
      .trim()
      .max(100, "At most 100 characters")
      .optional()
      .transform((v) => v ?? ""),
    merchantNumber: optionalPhone.transform((v) => v ?? ""),
    paymentInstructions: z
      .string()
      .trim()
      .max(500, "At most 500 characters")
      .optional()
      .transform((v) => v ?? ""),
    bandFromSubjects: z
      .number({ error: "Enter a whole number of subjects" })
      .int("Enter a whole number of subjects")
      .min(1, "At least 1 subject")
      .max(20, "At most 20 subjects")
      .optional()
      .transform((v) => v ?? null),
    /** Blank: the default, GH₵ 10.00. */
    minOnlinePayment: cedisField()
      .optional()
      .transform((v) => v ?? DEFAULT_MIN_ONLINE_PAYMENT)
      .refine((v) => v >= 100, "The smallest online payment is at least GH₵ 1.00"),
    allowOverpayment: checkbox,
    ...feeFields,
    ...bandFields,
  })
  .superRefine((v, ctx) => {
    const anyBand = PROGRAMMES.some((p) => v[bandFieldName(p)] != null);
    if (anyBand && v.bandFromSubjects == null) {
      ctx.addIssue({
        code: "custom",
        path: ["bandFromSubjects"],
        message: "Say from how many subjects the band fees apply",
      });
    }
  });

// ---- Payments ----

const methodField = z.enum(OFFICE_PAYMENT_METHODS, { error: "Choose how the money was paid" });

/**
 * Non-cash payments carry the provider's transaction reference: checked with the form's other errors (a refinement of
 * the whole form otherwise waits until every field is valid), once the method itself is known.
 */
const requireReference = (v: { method: string; reference?: string }) => v.method === "cash" || Boolean(v.reference);
const referenceRule = {
  path: ["reference"],
  message: "Enter the transaction reference",
  when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((i) => i.path?.[0] === "method" || i.path?.[0] === "reference"),
};

export const RecordPaymentSchema = z
  .object({
    intent: z.literal("record"),
    amount: cedisField(),
    method: methodField,
    reference: referenceField,
    paidOn: paidOnField,
    payerPhone: optionalPhone,
    note: z.string().trim().max(500, "The note must be at most 500 characters").optional(),
  })
  .refine(requireReference, referenceRule);

export const ParentPaymentSchema = z
  .object({
    registrationId: z.string({ error: "Choose the ward" }).min(1, "Choose the ward").max(40),
    amount: cedisField(),
    method: z.enum(PARENT_PAYMENT_METHODS, { error: "Choose how you paid" }),
    reference: referenceField,
    paidOn: paidOnField,
  })
  .refine(requireReference, referenceRule);

/** "Pay with Mobile Money" for one ward: the amount within the limits the server computes from the registration. */
export const CheckoutSchema = z.object({
  intent: z.literal("checkout"),
  registrationId: z.string({ error: "Choose the ward" }).min(1, "Choose the ward").max(40),
  amount: cedisField({ required: "Enter the amount to pay" }),
});

/** "Pay from my phone": a Mobile Money prompt to the account's own proven number (docs/payments.md). */
export const PhonePromptSchema = z.object({
  intent: z.literal("phone-prompt"),
  registrationId: z.string({ error: "Choose the ward" }).min(1, "Choose the ward").max(40),
  amount: cedisField({ required: "Enter the amount to pay" }),
  network: z.enum(MOMO_NETWORKS, { error: "Choose your Mobile Money network" }),
});

export const PaymentDecisionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("confirm"),
    paymentId: z.string().min(1).max(40),
    /** A gateway payment the gateway has not approved is confirmed only with this (ADR 0091). */
    override: z.string().trim().max(300).optional(),
  }),
  z.object({ intent: z.literal("reject"), paymentId: z.string().min(1).max(40), reason }),
  z.object({ intent: z.literal("void"), paymentId: z.string().min(1).max(40), reason }),
]);

export const AdjustDueSchema = z.object({
  intent: z.literal("adjust-due"),
  amountDue: cedisField({ allowZero: true, required: "Enter the amount due" }),
  reason,
});

export const PAYMENTS_PER_PAGE = 25;

/** The admin payments list's query string; anything malformed falls back to "no filter". */
export const PaymentsQuerySchema = z.object({
  q: searchField(),
  /** A vacation's name or "all"; none: the vacation teaching now. */
  vacation: z.string().max(40).optional().catch(undefined),
  state: z.enum(PAYMENT_STATES).optional().catch(undefined),
  method: z.enum(PAYMENT_METHODS).optional().catch(undefined),
  from: z.string().refine(isCalendarDate).optional().catch(undefined),
  to: z.string().refine(isCalendarDate).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
