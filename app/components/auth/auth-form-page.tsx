import type { FormMetadata } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormErrors } from "#app/components/form/fields.tsx";

/**
 * The narrow page of one form that the steps around signing in share (forgot password, its code, a reset link, the
 * admin's sign-in code): a heading, what to do, the form with its errors above the fields, and what comes after it.
 */
export function AuthFormPage({
  title,
  intro,
  form,
  children,
  after,
}: {
  title: string;
  intro: React.ReactNode;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  children: React.ReactNode;
  after?: React.ReactNode;
}) {
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mt-2 text-gray-700">{intro}</p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 space-y-4 rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
      >
        <FormErrors form={form} />
        {children}
      </Form>
      {after}
    </main>
  );
}
