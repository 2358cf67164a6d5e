import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";
import { parseWithZod } from "#app/forms/parse.ts";

/**
 * A Conform form checked in the browser by the same Zod schema the action checks (one schema per form): a field is
 * checked when it is left and again as it is corrected, and the server's reply (`lastResult`) shows by the fields,
 * with the values kept, with or without JavaScript. The fields are the schema's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Conform's own bound for a form's shape
type Shape = Record<string, any>;

export function useSchemaForm<Schema extends z.ZodType<Shape, Shape>>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue?: DefaultValue<z.input<Schema>>,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}
