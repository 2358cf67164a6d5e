/**
 * Drafts kept on the device (docs/decisions/0023-drafts-on-the-device.md).
 * Loaded lazily, after hydration, by app/components/form/form-draft.tsx: it is
 * never part of a page's first download.
 *
 * A draft is what a person typed into one form, in localStorage under
 * `vcp-draft:v1:{form}:{user id or "guest"}`, with the time it was saved.
 * Never saved: passwords, files, hidden fields (except the idempotency key,
 * so a resubmission after a reload is still recognised) and buttons.
 * Drafts older than 14 days are dropped when any form page opens.
 */
const PREFIX = "vcp-draft:v1:";
export const DRAFT_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
const KEPT_HIDDEN = new Set(["idempotencyKey"]);
const SKIPPED_TYPES = new Set(["password", "file", "submit", "button", "reset", "image"]);

export type Draft = { savedAt: number; values: Array<[string, string]> };

export function draftStorageKey(formId: string, userId: string | null | undefined) {
  return `${PREFIX}${formId}:${userId || "guest"}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (private mode, policy): drafts are simply off
  }
}

/** Drops every expired draft on this device. */
export function sweepExpired(now = Date.now()) {
  const store = storage();
  if (!store) return;
  for (let i = store.length - 1; i >= 0; i--) {
    const key = store.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    const draft = parse(store.getItem(key));
    if (!draft || now - draft.savedAt > DRAFT_MAX_AGE_MS) store.removeItem(key);
  }
}

function parse(raw: string | null): Draft | null {
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Draft;
    if (typeof draft.savedAt !== "number" || !Array.isArray(draft.values)) return null;
    return draft;
  } catch {
    return null;
  }
}

export function readDraft(key: string, now = Date.now()): Draft | null {
  const store = storage();
  const draft = parse(store?.getItem(key) ?? null);
  if (draft && now - draft.savedAt > DRAFT_MAX_AGE_MS) {
    store?.removeItem(key);
    return null;
  }
  return draft;
}

/** @public (loaded with import() by app/components/form/form-draft.tsx) */
export function clearDraft(key: string) {
  storage()?.removeItem(key);
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function fieldsOf(form: HTMLFormElement): Field[] {
  return Array.from(form.elements).filter(
    (el): el is Field =>
      (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) &&
      !!el.name,
  );
}

function isSaved(el: Field) {
  if (el instanceof HTMLInputElement) {
    if (SKIPPED_TYPES.has(el.type)) return false;
    if (el.type === "hidden") return KEPT_HIDDEN.has(el.name);
    if (el.autocomplete?.includes("password")) return false;
  }
  return !el.disabled;
}

export function collect(form: HTMLFormElement): Array<[string, string]> {
  const values: Array<[string, string]> = [];
  for (const el of fieldsOf(form)) {
    if (!isSaved(el)) continue;
    if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
      if (el.checked) values.push([el.name, el.value]);
    } else if (el instanceof HTMLSelectElement && el.multiple) {
      for (const o of Array.from(el.selectedOptions)) values.push([el.name, o.value]);
    } else if (!(el instanceof HTMLInputElement && el.readOnly)) {
      values.push([el.name, el.value]);
    }
  }
  return values;
}

export function saveDraft(key: string, form: HTMLFormElement, now = Date.now()) {
  const values = collect(form);
  try {
    storage()?.setItem(key, JSON.stringify({ savedAt: now, values } satisfies Draft));
  } catch {
    // Storage full or refused: the form still works, only without a draft.
  }
}

/** Sets a value the way typing would, so React and Conform see the change. */
function setValue(el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string) {
  const proto = Object.getPrototypeOf(el) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, "value")?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
  el.dispatchEvent(new Event("input", { bubbles: true }));
  el.dispatchEvent(new Event("change", { bubbles: true }));
}

function applyOnce(form: HTMLFormElement, values: Array<[string, string]>, kinds: "choices" | "others") {
  const byName = new Map<string, string[]>();
  for (const [name, value] of values) byName.set(name, [...(byName.get(name) ?? []), value]);
  for (const el of fieldsOf(form)) {
    if (!isSaved(el) || !byName.has(el.name)) continue;
    const wanted = byName.get(el.name)!;
    const isChoice = el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio");
    if ((kinds === "choices") !== isChoice) continue;
    if (isChoice) {
      // A click is what a person does: React, Conform and the page's own handlers all see it.
      const input = el as HTMLInputElement;
      const on = wanted.includes(input.value);
      if (input.checked !== on && (on || input.type === "checkbox")) input.click();
    } else if (el instanceof HTMLSelectElement && el.multiple) {
      for (const o of Array.from(el.options)) o.selected = wanted.includes(o.value);
      el.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (!(el instanceof HTMLInputElement && el.readOnly) && el.value !== wanted[0]) {
      setValue(el, wanted[0]!);
    }
  }
}

const nextFrame = () => new Promise((r) => setTimeout(r, 60));

/**
 * Puts a draft back into the form. Selects and text first, then (once the page
 * has re-rendered what they reveal, e.g. a programme's subjects) the choices.
 * @public (loaded with import() by app/components/form/form-draft.tsx)
 */
export async function applyDraft(form: HTMLFormElement, draft: Draft) {
  applyOnce(form, draft.values, "others");
  await nextFrame();
  applyOnce(form, draft.values, "choices");
  await nextFrame();
  applyOnce(form, draft.values, "others");
}

/** Saves the draft as the person types (debounced) and when the page is hidden or closed. */
export function watchForm(form: HTMLFormElement, key: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const saveSoon = (event: Event) => {
    if (!event.isTrusted) return; // our own restore, not typing
    clearTimeout(timer);
    timer = setTimeout(() => saveDraft(key, form), 300);
  };
  const saveNow = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    saveDraft(key, form);
  };
  const onHide = () => {
    if (document.visibilityState === "hidden") saveNow();
  };
  // What is being sent is on the device before it leaves (a dropped link loses nothing).
  const onSubmit = () => {
    clearTimeout(timer);
    timer = undefined;
    saveDraft(key, form);
  };
  form.addEventListener("submit", onSubmit);
  form.addEventListener("input", saveSoon);
  form.addEventListener("change", saveSoon);
  document.addEventListener("visibilitychange", onHide);
  window.addEventListener("pagehide", saveNow);
  return () => {
    // Unmounting after a successful submit must not write the draft back: no final save here.
    clearTimeout(timer);
    form.removeEventListener("submit", onSubmit);
    form.removeEventListener("input", saveSoon);
    form.removeEventListener("change", saveSoon);
    document.removeEventListener("visibilitychange", onHide);
    window.removeEventListener("pagehide", saveNow);
  };
}
