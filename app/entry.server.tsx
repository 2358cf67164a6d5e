import { PassThrough, Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

import { isRouteErrorResponse, type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { cspNonceContext, requestLogContext } from "#app/utils/request-context.ts";
import { NonceContext } from "#app/components/nonce.tsx";
import { logFor } from "#app/models/infra/log.server.ts";

// The one door the HTTP server opens into the build: context keys, the database, the background work, the routes'
// declared rules (app/seam.server.ts).
export { seam } from "#app/seam.server.ts";
// The stylesheet, cut to each page's rules and inlined in its <head>, so the first paint needs no second request on a
// slow link and carries no rule the page cannot use (docs/decisions/0042-paint-first.md, 0084-each-page-its-css.md).
import appCss from "./app.css?inline";
import { pageStylesheet } from "#app/utils/page-css.server.ts";
import { withMatchedRoutesOnly } from "#app/utils/matched-routes.server.ts";

const stylesheetFor = pageStylesheet(appCss);
import { RequestIdContext } from "#app/components/request-reference.tsx";

const log = logFor("render");
const originLog = logFor("origin");

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The Content-Security-Policy's nonce (server/security-headers.ts).
  const nonce = loadContext.get(cspNonceContext) ?? "";
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    // An error page waits too: the root's error pages are loaded lazily (root.tsx), and a page streamed in after its
    // shell would need a script to show.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || responseStatusCode >= 400
        ? "onAllReady"
        : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const inlineStylesheet = withPageStylesheet();
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <RequestIdContext value={loadContext.get(requestLogContext)?.requestId ?? null}>
          <ServerRouter context={withMatchedRoutesOnly(routerContext)} url={request.url} nonce={nonce} />
        </RequestIdContext>
      </NonceContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html; charset=utf-8");

          pipe(inlineStylesheet).pipe(body);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            log.error({ err: error }, "streaming the page failed");
          }
        },
      },
    );
  });
}

/**
 * Holds the page until it is rendered, then sends it with its own stylesheet before the first `</head>` (the rules its
 * classes can use). React leaves elements it did not render in <head> alone when it hydrates, so the inline stylesheet
 * stays for the life of the page.
 */
function withPageStylesheet() {
  const decoder = new StringDecoder("utf8");
  let html = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      html += decoder.write(chunk);
      callback();
    },
    flush(callback) {
      html += decoder.end();
      const at = html.indexOf("</head>");
      if (at === -1) return callback(null, html);
      callback(null, `${html.slice(0, at)}<style data-app-css="">${stylesheetFor(html)}</style>${html.slice(at)}`);
    },
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests and expected responses (404, 403… thrown with data()) are not errors worth logging.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  // React Router's own check that a post's Origin is the request's origin (400 "Bad Request"): an expected refusal,
  // one line like server/same-origin.ts's, not a stack (a proxy's X-Forwarded-Proto can differ from the Origin's).
  if (error instanceof Error && /Aborting the action\.$/.test(error.message)) {
    const origin = (request.headers.get("origin") ?? "").slice(0, 200);
    originLog.warn(`refused ${request.method} ${new URL(request.url).pathname} from ${origin}: ${error.message}`);
    return;
  }
  log.error({ err: error }, "the request failed");
}
