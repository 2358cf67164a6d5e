// The linter (npm run lint, part of npm run test:all). Prettier does the formatting (npm run format); these rules find bugs.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".bench/",
      ".react-router/",
      ".data/",
      "test-results/",
      "playwright-report/",
      "coverage/",
      "node_modules/",
      "tests/fixtures/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "no-empty": ["error", { allowEmptyCatch: true }],
      // One import statement per module (a type-only one beside it is fine).
      "no-duplicate-imports": ["error", { allowSeparateTypeImports: true }],
      // `import { type X }` stays in the output as `import {} from …` (verbatimModuleSyntax): a client module would load
      // the server module it names. `import type { X }` is erased.
      "@typescript-eslint/no-import-type-side-effects": "error",
      // One spelling for app code: #app/… (ADR 0044), never a path climbing into app/.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["#models/*"], message: "Import app/models through #app/models/…" },
            { regex: "^(\\.\\./)+app/", message: "Import app code through #app/…" },
          ],
        },
      ],
    },
  },
  {
    // A document database: values are whatever BSON a client sent, so `any` is the honest type for a document; and
    // every command handler takes the engine, whether it needs it or not (one signature for the command table).
    files: ["packages/embedded-mongo/**"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { args: "none", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
);
