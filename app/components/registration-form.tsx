import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { usePortalForm } from "#app/components/form/use-portal-form.ts";
import { memo, startTransition, useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import {
  ErrorList,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  ChoiceGroup,
  FormErrors,
} from "#app/components/form/fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  PROGRAMME_LABELS,
  WARD_FORMS,
  WARD_FORM_LABELS,
  isProgramme,
  subjectsFor,
  type Programme,
} from "#app/domain/programmes.ts";
import { confirmationPath } from "#app/domain/registration.ts";
import {
  MISSING_REQUIRED_FIELDS_TITLE,
  PROGRAMME_SELECT_OPTIONS,
  REFERRAL_STATUS_OPTIONS,
  REGISTRATION_FIELD_LABELS as L,
  UPDATE_MODE_OPTIONS,
  YES_NO_OPTIONS,
  fieldsInMissingMessage,
} from "#app/forms/registration.fields.ts";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import { FormDraft } from "#app/components/form/form-draft.tsx";
import { useClientValidation, type FormConstraint } from "#app/components/form/use-client-validation.ts";
import { OFFLINE_SUBMIT_MESSAGE } from "#app/domain/form-messages.ts";
import { isNetworkFailed } from "#app/utils/network-submit.ts";
import { Section } from "#app/components/ui/section.tsx";

const WARD_FORM_OPTIONS = WARD_FORMS.map((value) => ({ value, label: WARD_FORM_LABELS[value] }));

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" && value ? [value] : [];
}

/** A group of the form's fields under its heading. */
function FormSection({
  id,
  title,
  children,
  stack = "space-y-4",
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  /** How the fields are spaced; a gap, where a hidden field may come last (`space-y` would leave its space). */
  stack?: "space-y-4" | "flex flex-col gap-4";
}) {
  return (
    <Section
      id={id}
      title={title}
      className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
      headingClassName="mb-4 text-lg font-semibold text-gray-900"
    >
      <div className={stack}>{children}</div>
    </Section>
  );
}

/**
 * What an enrolment action answered, as the form's props: the validation reply, the ward already registered, or the
 * client action's network failure (the whole answer, which says so itself).
 */
export function enrolmentReply(
  actionData: { result?: SubmissionResult<string[]> | null; duplicateReference?: string | null } | object | undefined,
): Pick<RegistrationFormProps, "lastResult" | "duplicateReference" | "networkFailure"> {
  return {
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    duplicateReference: actionData && "duplicateReference" in actionData ? actionData.duplicateReference : undefined,
    networkFailure: actionData,
  };
}

type RegistrationFormProps = {
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel?: string;
  pendingLabel?: string;
  /** Show the 'Missing Required Fields' summary (with links to the fields) at the top. */
  missingFieldsSummary?: boolean;
  /** Set when the action found the same ward already registered: links to that confirmation. */
  duplicateReference?: string | null;
  id?: string;
  action?: string;
  /** The server's key for this submission (app/models/idempotency.server.ts), on private pages; the browser makes or replaces it. */
  idempotencyKey?: string;
  /** The route's clientAction said the link failed (app/utils/network-submit.ts): keep everything and send again. */
  networkFailure?: unknown;
  /** From the route's loader: `registrationConstraint` (app/forms/constraints.server.ts). */
  constraint: FormConstraint;
  /** Answers to start from (enrolling a ward again: the last registration's). */
  defaultValue?: Record<string, string | string[]>;
  /**
   * The vacations this enrolment may be for (`vacationChoices`, app/services/content/vacations.server.ts), the running one
   * first: one is said and sent with the form, two or more are a choice (the first chosen); none leaves it to the
   * server (the office enrolling a late ward while no window is open).
   */
  vacations?: ReadonlyArray<{ name: string; lessons: string }>;
};

/** The parent's number's language: the school's SMS and USSD menu in Twi where the school wrote them. */
const SMS_LANGUAGE_OPTIONS = [
  { value: "en", label: "English" },
  { value: "tw", label: "Twi" },
];

/**
 * The enrolment form (docs/product.md#screens, #validation): six sections, every Registration field.
 * Used by /registration and /admin/register-student; each route's action calls
 * processRegistration. Works without JavaScript: 'Show subjects' re-renders the
 * form with the chosen programme's subjects and every typed value kept.
 *
 * With JavaScript, a successful submission that redirects back to the same page
 * (the admin's 'Register Student') starts a fresh, empty form.
 *
 * The fields do not read the router's state: every change of it (a submission's progress, the routes React Router
 * discovers for the page's links after it loads) would render the whole form again, Conform's fields and all, in
 * tasks long enough to hold up typing on a slow phone. The submit button and the small watcher below read it.
 */
export function RegistrationForm(props: RegistrationFormProps) {
  const [generation, setGeneration] = useState(0);
  const submitting = useRef(false);
  const startAgain = useCallback(() => setGeneration((g) => g + 1), []);
  return (
    <>
      <SubmissionWatch
        lastResult={props.lastResult}
        networkFailure={props.networkFailure}
        submitting={submitting}
        onAccepted={startAgain}
      />
      <RegistrationFormFields key={generation} {...props} submitting={submitting} />
    </>
  );
}

/**
 * Keeps `submitting` true while this form's submission is on its way, and calls `onAccepted` when one came back
 * without a reply (a success redirects and leaves none; an error reply comes back as lastResult).
 */
function SubmissionWatch({
  lastResult,
  networkFailure,
  submitting,
  onAccepted,
}: Pick<RegistrationFormProps, "lastResult" | "networkFailure"> & {
  submitting: React.RefObject<boolean>;
  onAccepted: () => void;
}) {
  const navigation = useNavigation();
  const submitted = useRef(false);
  useEffect(() => {
    submitting.current = navigation.state === "submitting";
    if (
      navigation.state === "submitting" &&
      navigation.formData?.get("intent") === "submit" &&
      navigation.formData.has("parentName")
    ) {
      submitted.current = true;
    } else if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      if (!lastResult && !isNetworkFailed(networkFailure)) onAccepted();
    }
  }, [navigation.state, navigation.formData, lastResult, networkFailure, submitting, onAccepted]);
  return null;
}

const RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 15_000, 30_000, 60_000];

/**
 * After a submission lost to the network: says so, and sends the form again
 * (the same idempotency key, so never twice) when the browser reports it is
 * back online, and on a back-off timer in case that event never comes.
 */
function useResend(formRef: React.RefObject<HTMLFormElement | null>, networkFailure: unknown) {
  const failed = isNetworkFailed(networkFailure);
  const attempt = useRef(0);
  useEffect(() => {
    if (!failed) {
      attempt.current = 0;
      return;
    }
    const resend = () => {
      const form = formRef.current;
      const button = form?.querySelector<HTMLButtonElement>('button[type="submit"][name="intent"][value="submit"]');
      if (form && !button?.disabled) form.requestSubmit(button ?? undefined);
    };
    const delay = RETRY_DELAYS_MS[Math.min(attempt.current, RETRY_DELAYS_MS.length - 1)]!;
    attempt.current += 1;
    const timer = setTimeout(() => {
      if (navigator.onLine !== false) resend();
    }, delay);
    window.addEventListener("online", resend);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("online", resend);
    };
  }, [failed, networkFailure, formRef]);
  return failed;
}

const RegistrationFormFields = memo(function RegistrationFormFields({
  lastResult,
  submitLabel = "Submit Registration",
  pendingLabel = "Submitting...",
  missingFieldsSummary = true,
  duplicateReference,
  id = "registration",
  action,
  idempotencyKey,
  networkFailure,
  constraint,
  defaultValue,
  vacations = [],
  submitting,
}: RegistrationFormProps & { submitting: React.RefObject<boolean> }) {
  const validate = useClientValidation(() =>
    import("#app/forms/registration.schema.ts").then((m) => m.RegistrationSchema),
  );
  const [form, fields] = usePortalForm(id, {
    lastResult,
    constraint,
    defaultValue: {
      joinStudentGroups: "yes",
      joinParentGroup: "yes",
      smsLanguage: "en",
      ...(vacations[0] ? { vacation: vacations[0].name } : {}),
      ...defaultValue,
    },
    validate,
  });
  const hydrated = useHydrated();

  const initialProgramme = typeof fields.programme.initialValue === "string" ? fields.programme.initialValue : "";
  const [programme, setProgramme] = useState(initialProgramme);
  const [initialSubjects, setInitialSubjects] = useState(() => new Set(asList(fields.subjects.initialValue)));
  const [chosen, setChosen] = useState(
    () => new Set(asList(fields.subjects.initialValue).filter((s) => subjectsFor(initialProgramme).includes(s))),
  );
  const [referralStatus, setReferralStatus] = useState(
    typeof fields.referralStatus.initialValue === "string" ? fields.referralStatus.initialValue : "",
  );
  const formRef = useRef<HTMLFormElement>(null);
  const waitingForLink = useResend(formRef, networkFailure);

  // A new server reply (e.g. after a failed submit) re-seeds the programme/subject state.
  useEffect(() => {
    if (!lastResult) return;
    const p = typeof lastResult.initialValue?.programme === "string" ? lastResult.initialValue.programme : "";
    const s = asList(lastResult.initialValue?.subjects);
    setProgramme(p);
    setInitialSubjects(new Set(s));
    setChosen(new Set(s.filter((x) => subjectsFor(p).includes(x))));
    setReferralStatus(
      typeof lastResult.initialValue?.referralStatus === "string" ? lastResult.initialValue.referralStatus : "",
    );
  }, [lastResult]);

  // The public page carries no idempotency key (it is the same for everyone): make one for this page, kept in state
  // so that a re-rendered form still names the first attempt when a dropped answer is sent again.
  const [submissionKey, setSubmissionKey] = useState(idempotencyKey ?? "");
  const keyRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (submissionKey || typeof crypto === "undefined" || !("randomUUID" in crypto)) return;
    const key = crypto.randomUUID();
    // In the DOM at once, so that a submission right after hydration carries it; in state by a transition, which
    // does not re-render the whole form in one task.
    if (keyRef.current) keyRef.current.value = key;
    startTransition(() => setSubmissionKey(key));
  }, [submissionKey]);

  // Whatever the visitor did before the script arrived is the truth: read it back from the DOM.
  useEffect(() => {
    const el = formRef.current;
    if (!el) return;
    const data = new FormData(el);
    const subjects = data.getAll("subjects").map(String);
    // A transition, so that it does not re-render the whole form in one task right after hydration.
    startTransition(() => {
      setProgramme(String(data.get("programme") ?? ""));
      setChosen(new Set(subjects));
      setReferralStatus(String(data.get("referralStatus") ?? ""));
    });
  }, []);

  const subjectOptions = isProgramme(programme) ? subjectsFor(programme) : [];
  const formErrors = form.errors ?? [];
  const missingMessage = formErrors.find((e) => e.startsWith("Please fill in: "));
  const otherErrors = formErrors.filter((e) => e !== missingMessage);
  // Beside the missing fields, the summary lists every other field in error (a phone number that is not one, say), so
  // that it names them all; the subject count is computed, so its error is the subjects' and is never shown.
  const missingFields: string[] = missingMessage ? fieldsInMissingMessage(missingMessage) : [];
  const invalidFields = Object.entries(form.allErrors).filter(
    ([name, errors]) =>
      errors.length && name !== "subjectCount" && Object.hasOwn(L, name) && !missingFields.includes(name),
  ) as [keyof typeof L, string[]][];
  const showOther = !hydrated || referralStatus === "other";
  const subjectsHintId = `${fields.subjects.id}-hint`;

  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      noValidate
      ref={formRef}
      className="space-y-6"
      onSubmit={(event) => {
        // One submission at a time: a second tap while one is on its way is ignored.
        if (submitting.current) event.preventDefault();
        else getFormProps(form).onSubmit(event);
      }}
    >
      <FormDraft formId={id} formRef={formRef} />
      {/* Its value changes in place: an input added or removed makes Conform read the whole form again and re-render
          every field synchronously, with typing blocked, in the task after hydration. */}
      <input type="hidden" name="idempotencyKey" defaultValue={submissionKey} ref={keyRef} />
      {/* Without JS, Enter in a text field must submit the registration, not 'Show subjects'. */}
      {!hydrated ? (
        <button type="submit" name="intent" value="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
          {submitLabel}
        </button>
      ) : null}

      {missingFieldsSummary && missingMessage ? (
        <div
          id={form.errorId}
          role="alert"
          tabIndex={-1}
          autoFocus={!hydrated}
          className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
        >
          <h2 className="font-semibold">{MISSING_REQUIRED_FIELDS_TITLE}</h2>
          <p className="mt-1 text-sm">
            Please fill in:{" "}
            {fieldsInMissingMessage(missingMessage).map((name, i) => (
              <span key={name}>
                {i > 0 ? ", " : ""}
                <a href={`#${fields[name].id}`} className="font-medium underline">
                  {L[name]}
                </a>
              </span>
            ))}
          </p>
          {invalidFields.length ? (
            <p className="mt-1 text-sm">
              Please correct:{" "}
              {invalidFields.map(([name, errors], i) => (
                <span key={name}>
                  {i > 0 ? "; " : ""}
                  <a href={`#${form.id}-${name}`} className="font-medium underline">
                    {L[name]}: {errors[0]}
                  </a>
                </span>
              ))}
            </p>
          ) : null}
        </div>
      ) : null}
      <FormErrors
        form={form}
        labels={L}
        errors={otherErrors}
        listedElsewhere={Boolean(missingFieldsSummary && missingMessage)}
      >
        {duplicateReference ? (
          <p className="mt-2">
            <Link to={confirmationPath(duplicateReference)} className="font-semibold underline">
              View the existing registration
            </Link>
          </p>
        ) : null}
      </FormErrors>

      {vacations.length > 1 ? (
        <FormSection id={`${id}-section-vacation`} title="Vacation">
          <ChoiceGroup
            field={fields.vacation}
            legend="Which vacation is this enrolment for?"
            options={vacations.map((v) => ({ value: v.name, label: `${v.name} (${v.lessons})` }))}
            type="radio"
            required
          />
        </FormSection>
      ) : vacations[0] ? (
        <div id={fields.vacation.id}>
          <p className="font-semibold text-gray-900">
            You are enrolling for the {vacations[0].name} ({vacations[0].lessons}).
          </p>
          <input type="hidden" name={fields.vacation.name} defaultValue={vacations[0].name} key={vacations[0].name} />
          <ErrorList id={fields.vacation.errorId} errors={fields.vacation.errors} />
        </div>
      ) : null}

      <FormSection id={`${id}-section-parent`} title="Parent/Guardian Information">
        <TextField field={fields.parentName} label={L.parentName} inputProps={{ autoComplete: "name" }} />
        <TextField
          field={fields.whatsappNumber}
          label={L.whatsappNumber}
          type="tel"
          hint="The number we will use to reach you on WhatsApp, e.g. 024 123 4567."
          inputProps={{ autoComplete: "tel", inputMode: "tel" }}
        />
        <TextField
          field={fields.alternativeNumber}
          label={`${L.alternativeNumber} (optional)`}
          type="tel"
          inputProps={{ inputMode: "tel" }}
        />
      </FormSection>

      <FormSection id={`${id}-section-ward`} title="Ward Information">
        <TextField field={fields.wardName} label={L.wardName} />
        <TextField
          field={fields.wardWhatsapp}
          label={L.wardWhatsapp}
          type="tel"
          hint="The student's own WhatsApp number, used to join class pages."
          inputProps={{ inputMode: "tel" }}
        />
        <TextField field={fields.currentSchool} label={L.currentSchool} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            field={fields.wardForm}
            label={L.wardForm}
            options={WARD_FORM_OPTIONS}
            placeholder="Select form"
          />
          <TextField field={fields.specificClass} label={L.specificClass} hint="For example 2S1 or 2A1." />
        </div>
      </FormSection>

      <FormSection id={`${id}-section-academic`} title="Academic Programme">
        <SelectField
          field={fields.programme}
          label={L.programme}
          options={PROGRAMME_SELECT_OPTIONS}
          placeholder="Select a programme"
          onChange={(event) => {
            // docs/product.md#screens: choosing a programme clears the chosen subjects.
            setProgramme(event.target.value);
            setInitialSubjects(new Set());
            setChosen(new Set());
          }}
        />
        {!hydrated ? (
          <div>
            <Button type="submit" name="intent" value="show-subjects" variant="secondary" formNoValidate>
              Show subjects
            </Button>
            <p className="mt-1 text-sm text-gray-700">
              After choosing or changing the programme, press Show subjects to list its subjects. Your answers are kept.
            </p>
          </div>
        ) : null}

        <fieldset
          id={fields.subjects.id}
          aria-invalid={fields.subjects.errors?.length ? true : undefined}
          aria-describedby={[fields.subjects.errors?.length ? fields.subjects.errorId : null, subjectsHintId]
            .filter(Boolean)
            .join(" ")}
        >
          <legend className="mb-2 text-sm font-medium text-gray-900">
            {L.subjects}
            <span aria-hidden="true" className="text-red-700">
              {" "}
              *
            </span>
            <span className="sr-only"> (required)</span>
          </legend>
          <p id={subjectsHintId} className="mb-2 text-sm text-gray-700">
            {isProgramme(programme)
              ? `${PROGRAMME_LABELS[programme as Programme]}: choose the subjects your ward will take.`
              : hydrated
                ? "Choose a programme to see its subjects."
                : "Choose a programme, then press Show subjects to see its subjects."}
          </p>
          {subjectOptions.length ? (
            <div className="grid gap-2 sm:grid-cols-2" key={programme}>
              {subjectOptions.map((subject) => {
                const inputId = `${fields.subjects.id}-${subject}`.replace(/[^A-Za-z0-9_-]/g, "-");
                return (
                  <label
                    key={subject}
                    htmlFor={inputId}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-gray-300 bg-white px-3 py-2"
                  >
                    <input
                      id={inputId}
                      type="checkbox"
                      name={fields.subjects.name}
                      form={form.id}
                      value={subject}
                      defaultChecked={initialSubjects.has(subject)}
                      onChange={(event) => {
                        const next = new Set(chosen);
                        if (event.target.checked) next.add(subject);
                        else next.delete(subject);
                        setChosen(next);
                      }}
                      className="h-5 w-5 accent-brand-700"
                    />
                    <span className="text-sm text-gray-900">{subject}</span>
                  </label>
                );
              })}
            </div>
          ) : null}
          <ErrorList id={fields.subjects.errorId} errors={fields.subjects.errors} />
        </fieldset>

        <div>
          <label htmlFor={fields.subjectCount.id} className="mb-1 block text-sm font-medium text-gray-900">
            {L.subjectCount}
          </label>
          <input
            id={fields.subjectCount.id}
            name={fields.subjectCount.name}
            form={form.id}
            type="text"
            inputMode="numeric"
            readOnly
            value={String(chosen.size)}
            aria-describedby={`${fields.subjectCount.id}-hint`}
            className="block w-24 rounded-md border border-gray-300 bg-gray-100 px-3 py-2 text-base text-gray-900"
          />
          <p id={`${fields.subjectCount.id}-hint`} className="mt-1 text-sm text-gray-700">
            Counted for you from the subjects chosen.
          </p>
        </div>
      </FormSection>

      <FormSection id={`${id}-section-communication`} title="Communication Preferences">
        <ChoiceGroup
          field={fields.updateMode}
          legend={L.updateMode}
          options={UPDATE_MODE_OPTIONS}
          type="checkbox"
          columns={2}
          required
        />
        <ChoiceGroup
          field={fields.joinStudentGroups}
          legend={`${L.joinStudentGroups}?`}
          options={YES_NO_OPTIONS}
          type="radio"
          columns={2}
        />
        <ChoiceGroup
          field={fields.joinParentGroup}
          legend={`${L.joinParentGroup}?`}
          options={YES_NO_OPTIONS}
          type="radio"
          columns={2}
        />
        <ChoiceGroup
          field={fields.smsLanguage}
          legend={L.smsLanguage}
          options={SMS_LANGUAGE_OPTIONS}
          type="radio"
          columns={2}
        />
      </FormSection>

      <FormSection id={`${id}-section-referral`} title="Referral Information" stack="flex flex-col gap-4">
        <TextField field={fields.referralName} label={L.referralName} />
        <SelectField
          field={fields.referralStatus}
          label={L.referralStatus}
          options={REFERRAL_STATUS_OPTIONS}
          placeholder="Select referral status"
          onChange={(event) => setReferralStatus(event.target.value)}
        />
        {/* Hidden and disabled rather than removed, for the same reason as the idempotency key's input. */}
        <div hidden={!showOther}>
          <TextField
            field={fields.referralOther}
            label={L.referralOther}
            required={hydrated ? true : false}
            hint={hydrated ? undefined : "Only needed when the referral status is Other."}
            inputProps={showOther ? undefined : { disabled: true }}
          />
        </div>
      </FormSection>

      <FormSection id={`${id}-section-feedback`} title="Feedback">
        <TextareaField
          field={fields.feedback}
          label={`${L.feedback} (optional)`}
          hint="Anything you would like us to know."
        />
      </FormSection>

      {waitingForLink ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 font-medium text-amber-950">
          {OFFLINE_SUBMIT_MESSAGE}
        </p>
      ) : null}
      <SubmitButton pendingLabel={pendingLabel} className="w-full sm:w-auto" name="intent" value="submit">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
});
