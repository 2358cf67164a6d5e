import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";

/**
 * The filter bar above a list: a GET form (bookmarkable, works without JavaScript) with its fields, the submit
 * button and, once something is filtered, a link back to the unfiltered list.
 */
export function FilterForm({
  action,
  label,
  submitLabel = "Search",
  clear,
  children,
  after,
}: {
  action?: string;
  /** The search landmark's name. */
  label: string;
  submitLabel?: string;
  /** Shown when the list is filtered: where "Clear" leads and, optionally, its text. */
  clear?: { to: string; label?: string } | null;
  children: ReactNode;
  /** Anything after the buttons (e.g. an export link for the filtered list). */
  after?: ReactNode;
}) {
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-gray-200 bg-white p-4"
    >
      {children}
      <button type="submit" className={buttonClass("primary")}>
        {submitLabel}
      </button>
      {clear ? (
        <Link to={clear.to} className={buttonClass("ghost")}>
          {clear.label ?? "Clear"}
        </Link>
      ) : null}
      {after}
    </Form>
  );
}

const labelClass = "mb-1 block text-sm font-medium text-gray-900";
const controlClass = "block rounded-md border border-gray-400 bg-white px-3 py-2 text-base text-gray-900";

/** The free-text field of a filter bar; it takes the free width. `key` resets it when the URL's value changes. */
export function FilterSearch(props: { id: string; name?: string; label: string; value: string; placeholder?: string }) {
  return (
    <div className="min-w-48 flex-1">
      <label htmlFor={props.id} className={labelClass}>
        {props.label}
      </label>
      <input
        id={props.id}
        type="search"
        name={props.name ?? "q"}
        defaultValue={props.value}
        key={props.value}
        maxLength={100}
        placeholder={props.placeholder}
        className={`${controlClass} w-full`}
      />
    </div>
  );
}

/** A choice of a filter bar; the first option (value "") means "all" when `all` is given. */
export function FilterSelect(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  all?: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={props.id} className={labelClass}>
        {props.label}
      </label>
      <select id={props.id} name={props.name} defaultValue={props.value} key={props.value} className={controlClass}>
        {props.all !== undefined ? <option value="">{props.all}</option> : null}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A date bound of a filter bar. */
export function FilterDate(props: { id: string; name: string; label: string; value: string }) {
  return (
    <div>
      <label htmlFor={props.id} className={labelClass}>
        {props.label}
      </label>
      <input
        id={props.id}
        type="date"
        name={props.name}
        defaultValue={props.value}
        key={props.value}
        className={controlClass}
      />
    </div>
  );
}

/**
 * The filters of an admin list of records (messages, payments): a search, choices by state and kind, and a period.
 * Each field reads and writes its query parameter; Clear shows once anything is filtered.
 */
export function RecordFilters({
  path,
  label,
  idPrefix,
  filtered,
  search,
  selects,
  period,
}: {
  path: string;
  label: string;
  idPrefix: string;
  filtered: boolean;
  search: { label: string; placeholder: string; value: string };
  selects: ReadonlyArray<{
    name: string;
    label: string;
    all?: string;
    value: string;
    options: readonly { value: string; label: string }[];
  }>;
  period: { from: { label: string; value: string }; to: { label: string; value: string } };
}) {
  return (
    <FilterForm action={path} label={label} submitLabel="Filter" clear={filtered ? { to: path } : null}>
      <FilterSearch id={`${idPrefix}-q`} {...search} />
      {selects.map((s) => (
        <FilterSelect key={s.name} id={`${idPrefix}-${s.name}`} {...s} />
      ))}
      <FilterDate id={`${idPrefix}-from`} name="from" {...period.from} />
      <FilterDate id={`${idPrefix}-to`} name="to" {...period.to} />
    </FilterForm>
  );
}

/** A list's section: its heading, how many records match (announced as it changes), the list and its pages. */
export function RecordsSection({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-gray-200 p-4">
        <h2 id={id} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        <p className="text-sm text-gray-700" aria-live="polite">
          {count}
        </p>
      </div>
      {children}
    </section>
  );
}

/**
 * The office's choice of the vacation a page shows (lessons, classes, reports, fees): a GET form with the vacations'
 * select, the page's other choices (`children`) and the submit. With one vacation there is nothing to choose: only a
 * hidden field beside the other choices, or nothing at all when there are none.
 */
export function VacationPicker({
  id,
  vacations,
  value,
  submitLabel = "Show",
  children,
}: {
  id: string;
  vacations: readonly string[];
  value: string;
  submitLabel?: string;
  children?: ReactNode;
}) {
  if (vacations.length <= 1 && !children) return null;
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      {vacations.length > 1 ? (
        <FilterSelect
          id={id}
          name="vacation"
          label="Vacation"
          value={value}
          options={vacations.map((v) => ({ value: v, label: v }))}
        />
      ) : (
        <input type="hidden" name="vacation" value={value} />
      )}
      {children}
      <button type="submit" className={buttonClass("secondary")}>
        {submitLabel}
      </button>
    </Form>
  );
}
