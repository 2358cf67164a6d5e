import { useForm } from "@conform-to/react";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Conform's own bound for a form's shape
type Shape = Record<string, any>;
type ConformOptions<Input extends Shape, Output> = Parameters<typeof useForm<Input, Output>>[0];

export type PortalFormOptions<Input extends Shape, Output> = {
  lastResult?: ConformOptions<Input, Output>["lastResult"];
  defaultValue?: ConformOptions<Input, Output>["defaultValue"];
  /** The fields' HTML constraints (required, lengths, patterns), from the form's schema. */
  constraint?: ConformOptions<Input, Output>["constraint"];
  /** The browser's check, by the schema the action checks; none: the server's reply alone. */
  validate?: ConformOptions<Input, Output>["onValidate"];
  /**
   * "blur" (the default): a field is checked when it is left and again as it is corrected. "submit": only when sent,
   * then again as corrected (a confirmation typed in full, a form whose fields are chosen rather than typed).
   */
  checkOn?: "blur" | "submit";
};

/**
 * The house's form hook: every Conform form of the portal is made here, so each checks and re-checks at the same
 * moments, and the server's reply (`lastResult`) shows by the fields with the values kept, with or without
 * JavaScript. A form with its schema at hand uses `useSchemaForm`; a public page's form, which loads its schema only
 * when hydrated (`useClientValidation`), passes its constraint and check here.
 */
export function usePortalForm<Input extends Shape, Output = Input>(
  id: string,
  { lastResult, defaultValue, constraint, validate, checkOn = "blur" }: PortalFormOptions<Input, Output> = {},
) {
  return useForm<Input, Output>({
    id,
    lastResult,
    defaultValue,
    constraint,
    onValidate: validate,
    shouldValidate: checkOn === "submit" ? "onSubmit" : "onBlur",
    shouldRevalidate: "onInput",
  });
}
