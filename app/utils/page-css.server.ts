/**
 * Each page's own stylesheet (docs/decisions/0084-each-page-its-css.md). The built Tailwind stylesheet is read once into
 * its rules; a page gets, inline, the rules that can match it: every rule of the base and properties layers and every
 * rule without a class in its selector, the utility and component rules that name a class the page's HTML uses (a
 * variant such as `hover:`, `open:` or `aria-invalid:` is a class of its own, so the page's states are included too),
 * and the design tokens (`--color-…`) and registered properties (`@property`) that those rules read. The rest of the stylesheet is loaded as a file once the page has hydrated (app/root.tsx), for what the
 * page's script renders later.
 */

type Kind = "theme" | "property" | undefined;

type Rule = {
  /** theme: design tokens (custom properties) kept when something uses them; property: `@property`, likewise. */
  kind?: Kind;
  /** The selector or at-rule prelude, as written. */
  prelude: string;
  /** A declaration block, or null for a statement (`@layer a, b;`). */
  body: string | null;
  /** Nested rules of a grouping at-rule (`@layer x{…}`, `@media`, `@supports`, `@container`). */
  children?: Rule[];
  /** The classes any of which makes the rule needed; null: always needed. */
  classes?: string[] | null;
};

const GROUPING = /^@(layer|media|supports|container)\b/;
/** Layers whose every rule is kept: preflight and the properties' fallbacks; the tokens' layer, by what is used. */
const KEPT_LAYERS = /^@layer\s+(theme|base|properties)\s*$/;
const THEME_LAYER = /^@layer\s+theme\s*$/;

/** The index of the `}` closing the block opened just before `from`, skipping quoted strings. */
function closing(css: string, from: number): number {
  let depth = 1;
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const end = css.indexOf(c, i + 1);
      i = end === -1 ? css.length : end;
    } else if (c === "\\") i++;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return css.length;
}

/** The index of the `{` or `;` that ends the prelude starting at `from` (escaped or quoted ones are not). */
function preludeEnd(css: string, from: number): number {
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") {
      const end = css.indexOf(c, i + 1);
      i = end === -1 ? css.length : end;
    } else if (c === "{" || c === ";") return i;
  }
  return css.length;
}

/**
 * The classes a selector needs, unescaped (`.sm\:flex` → `sm:flex`): any one of them makes the rule needed. Empty when
 * the rule may match without any: a selector of a list with no class (`.a, p`), or one whose classes are only inside
 * `:not()`. Quoted strings and attribute conditions (`[href$=".pdf"]`) are not classes.
 */
export function selectorClasses(selector: string): string[] {
  const classes: string[] = [];
  const plain = selector
    .replace(/(?<!\\)(["'])(?:\\.|(?!\1).)*\1/g, "")
    .replace(/(^|[^\\])\[[^\]]*\]/g, "$1")
    .replace(/:not\((?:[^()]|\([^()]*\))*\)/g, "");
  for (const part of plain.split(/(?<!\\),/)) {
    const found = [...part.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1]).filter((name) => !/^\d/.test(name)); // a number, not a class
    if (!found.length) return [];
    classes.push(...found.map((name) => name.replace(/\\(.)/g, "$1")));
  }
  return classes;
}

function parse(css: string, keepAll: boolean, theme = false): Rule[] {
  const rules: Rule[] = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i])) i++;
    if (i >= css.length) break;
    const brace = preludeEnd(css, i);
    if (brace >= css.length) break;
    if (css[brace] === ";") {
      rules.push({ prelude: css.slice(i, brace).trim(), body: null, classes: null });
      i = brace + 1;
      continue;
    }
    const prelude = css.slice(i, brace).trim();
    const end = closing(css, brace + 1);
    const body = css.slice(brace + 1, end);
    if (GROUPING.test(prelude))
      rules.push({
        prelude,
        body: null,
        children: parse(body, keepAll || KEPT_LAYERS.test(prelude), theme || THEME_LAYER.test(prelude)),
      });
    else {
      const classes = prelude.startsWith("@") || keepAll ? [] : selectorClasses(prelude);
      const kind: Kind = theme ? "theme" : prelude.startsWith("@property ") ? "property" : undefined;
      rules.push({ kind, prelude, body, classes: classes.length ? classes : null });
    }
    i = end + 1;
  }
  return rules;
}

/** The custom properties a text reads (`var(--name`). */
function readProperties(text: string, into: Set<string>) {
  for (const match of text.matchAll(/var\(\s*(--[\w-]+)/g)) into.add(match[1]);
}

/** A token rule's declarations (`--name:value`) that are read, or null when none is. */
function usedTokens(body: string, read: Set<string>): string | null {
  const kept = body.split(";").filter((declaration) => {
    const name = /^\s*(--[\w-]+)\s*:/.exec(declaration)?.[1];
    return !name || read.has(name);
  });
  return kept.some((d) => d.trim()) ? kept.join(";") : null;
}

type Pass = { used: Set<string>; read: Set<string> | null };

/** The rules the page can use; with `read` null, without tokens and registered properties (to learn what is read). */
function render(rules: Rule[], pass: Pass): string {
  let out = "";
  for (const rule of rules) {
    if (rule.children) {
      const inner = render(rule.children, pass);
      if (inner) out += `${rule.prelude}{${inner}}`;
    } else if (rule.body === null) out += `${rule.prelude};`;
    else if (rule.kind === "theme") {
      const tokens = pass.read && usedTokens(rule.body, pass.read);
      if (tokens) out += `${rule.prelude}{${tokens}}`;
    } else if (rule.kind === "property") {
      if (pass.read?.has(rule.prelude.slice("@property ".length).trim())) out += `${rule.prelude}{${rule.body}}`;
    } else if (!rule.classes || rule.classes.some((c) => pass.used.has(c))) out += `${rule.prelude}{${rule.body}}`;
  }
  return out;
}

/** Every token rule's declarations, to follow tokens that read other tokens. */
function tokenValues(rules: Rule[], into: Map<string, string>) {
  for (const rule of rules) {
    if (rule.children) tokenValues(rule.children, into);
    else if (rule.kind === "theme" && rule.body)
      for (const declaration of rule.body.split(";")) {
        const match = /^\s*(--[\w-]+)\s*:([\s\S]*)$/.exec(declaration);
        if (match) into.set(match[1], `${into.get(match[1]) ?? ""} ${match[2]}`);
      }
  }
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };

/** Every class named in these `class` attribute values (as React writes them: entities escaped). */
function classTokens(attributes: string[]): Set<string> {
  const used = new Set<string>();
  for (const attribute of attributes)
    for (const token of attribute.replace(/&(?:amp|lt|gt|quot|#x27);/g, (e) => ENTITIES[e]).split(/\s+/))
      if (token) used.add(token);
  return used;
}

/** Every class named in the HTML's `class` attributes. */
export function htmlClasses(html: string): Set<string> {
  return classTokens(pageKey(html).classes);
}

/**
 * What a page's stylesheet depends on, read in one pass: its distinct `class` attribute values and the properties its
 * `style` attributes read. The same page shape gives the same key, so a remembered stylesheet costs only this scan.
 */
function pageKey(html: string): { classes: string[]; read: Set<string>; key: string } {
  const classes = new Set<string>();
  const read = new Set<string>();
  for (const match of html.matchAll(/ class="([^"]*)"|var\(\s*(--[\w-]+)/g)) {
    if (match[1] !== undefined) classes.add(match[1]);
    else read.add(match[2]);
  }
  const list = [...classes].sort(); // the same classes in another order (rows of a list) are the same stylesheet
  return { classes: list, read, key: `${list.join("\n")}|${[...read].sort().join(" ")}` };
}

/** The stylesheet cut to a page's HTML; the same set of classes gets the same (remembered) text. */
export function pageStylesheet(css: string) {
  const rules = parse(css, false);
  const tokens = new Map<string, string>();
  tokenValues(rules, tokens);
  const remembered = new Map<string, string>();
  return (html: string): string => {
    const { classes, read, key } = pageKey(html);
    let text = remembered.get(key);
    if (text === undefined) {
      const used = classTokens(classes);
      // The tokens and registered properties the page's rules read, and the tokens those tokens read.
      readProperties(render(rules, { used, read: null }), read);
      for (const name of read) readProperties(tokens.get(name) ?? "", read); // a Set's loop visits what is added
      text = render(rules, { used, read });
      // Pages come in a few hundred shapes; a bound keeps a stream of odd ones from growing the map.
      if (remembered.size >= 500) remembered.delete(remembered.keys().next().value!);
      remembered.set(key, text);
    }
    return text;
  };
}
