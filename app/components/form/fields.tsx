import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { useEffect, useState } from "react";
import { SLOW_SUBMIT_MESSAGE } from "#app/domain/form-messages.ts";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass, type ButtonVariant } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/utils/use-hydrated.ts";

/**
 * Form controls as plain HTML elements, so they submit and show server errors
 * without JavaScript. Each has a visible label; errors are linked with
 * aria-describedby and announced with aria-invalid (Conform sets both).
 */

const inputClass =
  "block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-600";

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return <div id={id} />;
  return (
    <ul id={id} className="mt-1 space-y-1 text-sm text-red-700">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

type Common = { label: string; hint?: string; className?: string; required?: boolean };

function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-gray-900">
      {label}
      {required ? (
        <span aria-hidden="true" className="text-red-700">
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

function Hint({ id, hint }: { id?: string; hint?: string }) {
  return hint ? (
    <p id={id} className="mt-1 text-sm text-gray-600">
      {hint}
    </p>
  ) : null;
}

/**
 * Any Conform field, whatever its value and form shape: the adapters below render the field's name, value and errors,
 * which every field has.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any, any, string[]>;

function describedBy(field: AnyField, hintId?: string) {
  return [field.errors?.length ? field.errorId : null, hintId].filter(Boolean).join(" ") || undefined;
}

export function TextField({
  field,
  label,
  hint,
  className = "",
  required,
  type = "text",
  inputProps,
}: Common & {
  field: AnyField;
  type?: "text" | "tel" | "email" | "password" | "number" | "search" | "url" | "datetime-local";
  inputProps?: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getInputProps(field, { type, ariaAttributes: true });
  return (
    <div className={className}>
      <Label htmlFor={field.id} label={label} required={required ?? field.required} />
      <input
        {...props}
        key={props.key}
        className={inputClass}
        aria-describedby={describedBy(field, hintId)}
        {...inputProps}
      />
      <Hint id={hintId} hint={hint} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * A file input. Put it last in its form: the text fields then reach the server before the file streams, and come back
 * typed when the file is refused.
 */
export function FileField({
  field,
  label,
  hint,
  accept,
  required,
  multiple,
}: Common & { field: AnyField; hint: string; accept: string; multiple?: boolean }) {
  const hintId = `${field.id}-hint`;
  const props = getInputProps(field, { type: "file", ariaAttributes: true });
  return (
    <div>
      <Label htmlFor={field.id} label={label} required={required ?? field.required} />
      <input
        {...props}
        key={props.key}
        accept={accept}
        multiple={multiple}
        className="block w-full text-sm text-gray-900 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:font-semibold file:text-white"
        aria-describedby={describedBy(field, hintId)}
      />
      <Hint id={hintId} hint={hint} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextareaField({
  field,
  label,
  hint,
  className = "",
  required,
  rows = 4,
}: Common & { field: AnyField; rows?: number }) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getTextareaProps(field, { ariaAttributes: true });
  return (
    <div className={className}>
      <Label htmlFor={field.id} label={label} required={required ?? field.required} />
      <textarea
        {...props}
        key={props.key}
        rows={rows}
        className={inputClass}
        aria-describedby={describedBy(field, hintId)}
      />
      <Hint id={hintId} hint={hint} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  options,
  placeholder = "Select…",
  className = "",
  required,
  hint,
  onChange,
}: Common & {
  field: AnyField;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string | null;
  onChange?: React.ChangeEventHandler<HTMLSelectElement>;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getSelectProps(field, { ariaAttributes: true });
  return (
    <div className={className}>
      <Label htmlFor={field.id} label={label} required={required ?? field.required} />
      <select
        {...props}
        key={props.key}
        className={inputClass}
        aria-describedby={describedBy(field, hintId)}
        onChange={onChange}
      >
        {placeholder !== null ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Hint id={hintId} hint={hint} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A group of checkboxes (multiple) or radios (single) in a fieldset with a legend. */
export function ChoiceGroup({
  field,
  legend,
  options,
  type,
  className = "",
  required,
  columns = 1,
  onChange,
}: {
  field: AnyField;
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  type: "checkbox" | "radio";
  className?: string;
  required?: boolean;
  columns?: 1 | 2 | 3;
  onChange?: React.ChangeEventHandler<HTMLInputElement>;
}) {
  const initial = field.initialValue;
  const selected = new Set(Array.isArray(initial) ? initial.map(String) : initial != null ? [String(initial)] : []);
  const cols = columns === 3 ? "sm:grid-cols-3" : columns === 2 ? "sm:grid-cols-2" : "";
  return (
    <fieldset
      id={field.id}
      className={className}
      aria-invalid={field.errors?.length ? true : undefined}
      aria-describedby={field.errors?.length ? field.errorId : undefined}
    >
      <legend className="mb-2 text-sm font-medium text-gray-900">
        {legend}
        {(required ?? field.required) ? (
          <>
            <span aria-hidden="true" className="text-red-700">
              {" "}
              *
            </span>
            {/* A group cannot say "required" itself (aria-required is not allowed on it): its name does. */}
            <span className="sr-only"> (required)</span>
          </>
        ) : null}
      </legend>
      <div className={`grid gap-2 ${cols}`}>
        {options.map((o) => {
          const id = `${field.id}-${o.value}`.replace(/[^A-Za-z0-9_-]/g, "-");
          return (
            <label
              key={o.value}
              htmlFor={id}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-gray-300 bg-white px-3 py-2"
            >
              <input
                id={id}
                type={type}
                name={field.name}
                form={field.formId}
                value={o.value}
                defaultChecked={selected.has(o.value)}
                onChange={onChange}
                className="h-5 w-5 accent-brand-700"
              />
              <span className="text-sm text-gray-900">{o.label}</span>
            </label>
          );
        })}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** One checkbox with its label beside it and an optional hint below (an unchecked box submits nothing). */
export function CheckboxField({ field, label, hint }: { field: AnyField; label: string; hint?: string }) {
  const props = getInputProps(field, { type: "checkbox", ariaAttributes: true });
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <div>
      <div className="flex items-center gap-3">
        <input
          {...props}
          key={props.key}
          className="h-5 w-5 accent-brand-700"
          aria-describedby={describedBy(field, hintId)}
        />
        <label htmlFor={field.id} className="text-sm font-medium text-gray-900">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={hintId} className="ml-8 mt-1 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Form-level errors, announced to screen readers. */
/**
 * The top of every form: its form-level errors (the form's aria-describedby names them) and, after a failed submit
 * without JavaScript, an error summary (a heading with the count and a link to each field in error) that takes the
 * focus, so the reader starts where the problems are listed rather than at a page that looks unchanged. With
 * JavaScript the fields report their errors as they are left and the first one in error takes the focus instead.
 * `labels` names fields whose messages do not say which field they are about; `unlinked` lists fields that have no
 * control on the page (a hidden input), reported as text.
 */
/** The house's post form: Conform's form props, its errors first (FormErrors), then the fields. */
export function SchemaForm({
  form,
  className,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} className={className}>
      <FormErrors form={form} />
      {children}
    </Form>
  );
}

export function FormErrors({
  form,
  labels = {},
  unlinked = [],
  errors,
  listedElsewhere = false,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  labels?: Readonly<Record<string, string>>;
  unlinked?: readonly string[];
  /** The form-level errors to show, when not all of `form.errors`. */
  errors?: string[];
  /** True where the form lists its fields in error itself, on the element with `form.errorId` (its description). */
  listedElsewhere?: boolean;
  /** Shown after the form-level errors (e.g. a link to what the error is about). */
  children?: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const fieldErrors = Object.entries(form.allErrors).filter(([name, errors]) => name !== "" && errors.length);
  const formErrors = [
    ...(errors ?? form.errors ?? []),
    ...fieldErrors.filter(([name]) => unlinked.includes(name)).flatMap(([, errors]) => errors),
  ];
  const linked = hydrated || listedElsewhere ? [] : fieldErrors.filter(([name]) => !unlinked.includes(name));
  const errorId = listedElsewhere ? undefined : form.errorId;
  if (!formErrors.length && !linked.length) return errorId ? <div id={errorId} /> : null;
  return (
    <div
      role="alert"
      tabIndex={linked.length ? -1 : undefined}
      autoFocus={linked.length > 0}
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      {linked.length ? (
        <>
          <h2 className="text-base font-semibold">
            {linked.length === 1 ? "1 field needs attention" : `${linked.length} fields need attention`}
          </h2>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {linked.map(([name, errors]) => (
              <li key={name}>
                <a href={`#${form.id}-${name}`} className="font-medium underline">
                  {labels[name] ? `${labels[name]}: ` : ""}
                  {errors[0]}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div id={errorId} className={linked.length && formErrors.length ? "mt-2" : undefined}>
        {formErrors.map((e) => (
          <p key={e}>{e}</p>
        ))}
      </div>
      {children}
    </div>
  );
}

/** A submit button that reads `pendingLabel` and is disabled while its form submits (with JS). */
export function SubmitButton({
  children,
  pendingLabel,
  variant = "primary",
  className = "",
  name,
  value,
  formAction,
  pending: fetcherPending,
}: {
  children: React.ReactNode;
  pendingLabel?: string;
  variant?: ButtonVariant;
  className?: string;
  name?: string;
  value?: string;
  formAction?: string;
  /** For a form submitted through a fetcher (a dialog): its state, instead of the page navigation's. */
  pending?: boolean;
}) {
  const navigation = useNavigation();
  const pending =
    fetcherPending ??
    (navigation.state === "submitting" &&
      (name === undefined || navigation.formData?.get(name) === value) &&
      (formAction === undefined || navigation.formAction === formAction));
  const slow = useSlowSubmit(pending);
  return (
    <>
      <Button
        type="submit"
        variant={variant}
        className={className}
        name={name}
        value={value}
        disabled={pending}
        aria-disabled={pending || undefined}
      >
        {pending && pendingLabel ? pendingLabel : children}
      </Button>
      <p aria-live="polite" className={slow ? "mt-2 text-sm font-medium text-gray-800" : "sr-only"}>
        {slow ? SLOW_SUBMIT_MESSAGE : ""}
      </p>
    </>
  );
}

/** True once a submission has been pending for more than 2 s (a slow link shows words, not a frozen button). */
function useSlowSubmit(pending: boolean, afterMs = 2000) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!pending) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), afterMs);
    return () => clearTimeout(timer);
  }, [pending, afterMs]);
  return slow;
}

/** The buttons of a page that confirms a deletion: the danger submit, then Cancel back to where the admin came from. */
export function DeleteActions({ label, cancelTo }: { label: string; cancelTo: string }) {
  return (
    <div className="flex flex-wrap gap-3">
      <SubmitButton variant="danger" pendingLabel="Deleting...">
        {label}
      </SubmitButton>
      <Link to={cancelTo} className={buttonClass("secondary")}>
        Cancel
      </Link>
    </div>
  );
}

/** The 6-digit code from an SMS (one-time codes: docs/decisions/0078); phones offer to fill it in from the message. */
export function SmsCodeField({ field }: { field: AnyField }) {
  return (
    <TextField
      field={field}
      label="Code from the SMS"
      inputProps={{ autoComplete: "one-time-code", inputMode: "numeric", maxLength: 6 }}
    />
  );
}
