import type http from "node:http";
import type { AddressInfo } from "node:net";

/** A stand-in server listening on a free loopback port: its address, and a close that drops open connections. */
export async function listenLocally(server: http.Server) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    host: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
