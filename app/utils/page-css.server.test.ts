import { describe, expect, it } from "vitest";
import { htmlClasses, pageStylesheet, selectorClasses } from "#app/utils/page-css.server.ts";

// The shapes Tailwind's minified build has: layers, media and supports inside them, escaped class names, statements,
// registered properties and keyframes.
const CSS = [
  "@layer properties;",
  "@layer properties{@supports (-webkit-hyphens:none){*,:before{--tw-ring:0}}}",
  "@layer theme{:root,:host{--font-sans:Arial;--default-font-family:var(--font-sans);--color-brand-700:#174ca8;--color-unused:#fff}}",
  "@layer base{*{margin:0}h1{font-size:inherit}html{font-family:var(--default-font-family)}}",
  "@layer components{.nav-link{color:var(--color-brand-700)}@media (hover:hover){.nav-link:hover{color:blue}}.unused-card{color:pink}}",
  "@layer utilities{.flex{display:flex;box-shadow:var(--tw-ring)}.hidden{display:none}",
  "@media (min-width:40rem){.sm\\:grid{display:grid}.sm\\:hidden{display:none}}",
  "@media (hover:hover){.hover\\:underline:hover{text-decoration-line:underline}}",
  ".\\[overflow-wrap\\:anywhere\\]{overflow-wrap:anywhere}.w-1\\/2{width:50%}.w-0\\.5{width:.125rem}",
  ".space-y-4>:not(:last-child){margin-block-end:1rem}.before\\:content-\\[\\'\\}\\'\\]:before{content:'}'}.after\\:content-\\[\\'\\{\\'\\]:after{content:'{'}",
  ".aria-invalid\\:border-red-600[aria-invalid=true]{border-color:red}}",
  '@property --tw-ring{syntax:"*";inherits:false}@property --tw-unused{syntax:"*";inherits:false}',
  "@keyframes spin{to{transform:rotate(360deg)}}",
].join("");

describe("each page's own stylesheet", () => {
  it("reads the classes of selectors and of the HTML, escaped either way", () => {
    expect(selectorClasses(".sm\\:grid")).toEqual(["sm:grid"]);
    expect(selectorClasses(".\\[overflow-wrap\\:anywhere\\]")).toEqual(["[overflow-wrap:anywhere]"]);
    expect(selectorClasses(".w-0\\.5")).toEqual(["w-0.5"]);
    expect(selectorClasses(".space-y-4>:not(:last-child)")).toEqual(["space-y-4"]);
    // Kept whatever the page's classes: these match without one.
    expect(selectorClasses(".prose, p")).toEqual([]);
    expect(selectorClasses(":not(.hidden)")).toEqual([]);
    expect(selectorClasses('a[href$=".pdf"]')).toEqual([]);
    expect(selectorClasses('.link[href$=".pdf"]')).toEqual(["link"]);
    expect(selectorClasses(".a:not(.b)")).toEqual(["a"]);
    expect([...htmlClasses('<a class="flex [&amp;&gt;svg]:size-4" href="x">')]).toEqual(["flex", "[&>svg]:size-4"]);
  });

  it("keeps the tokens, preflight, properties and the rules of the classes the page uses, with their variants", () => {
    const forPage = pageStylesheet(CSS);
    const css = forPage(
      '<html><body class="flex"><nav><a class="nav-link sm:grid hover:underline">x</a></nav>' +
        "<p class=\"[overflow-wrap:anywhere] w-1/2 w-0.5 space-y-4 aria-invalid:border-red-600 before:content-['}'] after:content-['{']\">y</p></body></html>",
    );
    for (const kept of [
      "@layer properties;",
      "@supports (-webkit-hyphens:none){*,:before{--tw-ring:0}}",
      ":root,:host{--font-sans:Arial;--default-font-family:var(--font-sans);--color-brand-700:#174ca8}",
      "*{margin:0}h1{font-size:inherit}html{font-family:var(--default-font-family)}",
      ".nav-link{color:var(--color-brand-700)}@media (hover:hover){.nav-link:hover{color:blue}}",
      ".flex{display:flex;box-shadow:var(--tw-ring)}",
      "@media (min-width:40rem){.sm\\:grid{display:grid}}",
      "@media (hover:hover){.hover\\:underline:hover{text-decoration-line:underline}}",
      ".\\[overflow-wrap\\:anywhere\\]{overflow-wrap:anywhere}.w-1\\/2{width:50%}.w-0\\.5{width:.125rem}",
      ".space-y-4>:not(:last-child){margin-block-end:1rem}",
      ".before\\:content-\\[\\'\\}\\'\\]:before{content:'}'}.after\\:content-\\[\\'\\{\\'\\]:after{content:'{'}",
      ".aria-invalid\\:border-red-600[aria-invalid=true]{border-color:red}",
      '@property --tw-ring{syntax:"*";inherits:false}',
      "@keyframes spin{to{transform:rotate(360deg)}}",
    ])
      expect(css).toContain(kept);
    for (const dropped of [".hidden", ".sm\\:hidden", ".unused-card", "--color-unused", "--tw-unused"])
      expect(css).not.toContain(dropped);
    // The layers stay in their order, so the cascade is the whole stylesheet's.
    expect(css.indexOf("@layer theme")).toBeLessThan(css.indexOf("@layer base"));
    expect(css.indexOf("@layer components")).toBeLessThan(css.indexOf("@layer utilities"));
  });

  it("gives a page with every class the whole stylesheet but unread tokens, and one with none only what is always kept", () => {
    const forPage = pageStylesheet(CSS);
    const all = `<b class="nav-link unused-card flex hidden sm:grid sm:hidden hover:underline [overflow-wrap:anywhere] w-1/2 w-0.5 space-y-4 before:content-['}'] after:content-['{'] aria-invalid:border-red-600">`;
    expect(forPage(all)).toBe(
      CSS.replace(";--color-unused:#fff", "").replace('@property --tw-unused{syntax:"*";inherits:false}', ""),
    );
    expect(forPage("<p>plain</p>")).not.toContain(".flex");
  });
});
