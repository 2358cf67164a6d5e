import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";
import { parseWithZod } from "#app/forms/parse.ts";

/**
 * A Conform form checked in the browser by the same Zod schema the action checks (one schema per form): a field is
 * checked when it is left and again as it is corrected, and the server's reply (`lastResult`) shows by the fields,
 * with the values kept, with or without JavaScript.
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>>>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue?: Record<string, string | undefined>,
) {
  return useForm({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}
