import { describe, expect, it } from "vitest";
import { withoutScripts } from "./script-free.ts";

describe("withoutScripts", () => {
  it("keeps the page's markup and styles and drops everything that would run", () => {
    const html = `<html><head><link rel="modulepreload" href="/assets/entry.js" nonce="n"/><style>p{color:red}</style>
      <script nonce="n">globalThis.x=1;</script></head><body><form><input name="parentName"/><button>Go</button></form>
      <script nonce="n">window.__ctx = {"a":"</p>"};</script><script type="module" async="">import "/assets/entry.js";
      </script></body></html>`;
    expect(withoutScripts(html)).toBe(`<html><head><style>p{color:red}</style>
      </head><body><form><input name="parentName"/><button>Go</button></form>
      </body></html>`);
  });
});
