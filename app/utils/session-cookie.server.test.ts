import { beforeAll, describe, expect, it } from "vitest";
import { storedUser, useTestDatabase } from "#tests/support/test-database.ts";
useTestDatabase("sessions");

// Modules that read their configuration when imported come after the test database is up.
let sessions: typeof import("#app/utils/session-cookie.server.ts");
let users: typeof import("#app/models/user.server.ts");

beforeAll(async () => {
  sessions = await import("#app/utils/session-cookie.server.ts");
  users = await import("#app/models/user.server.ts");
  await users.User.collection.insertOne(
    storedUser("sessionuser000000000000a", "student", "Ama Mensah", "+233244000100"),
  );
});

const requestWith = (cookie: string) => new Request("http://localhost/", { headers: { Cookie: cookie } });

describe("the signed session cookie", () => {
  it("a verified cookie stops working the moment its session is deleted", async () => {
    const cookie = (await sessions.createUserSession("sessionuser000000000000a")).split(";")[0];
    expect((await sessions.getSessionInfo(requestWith(cookie)))?.user.fullName).toBe("Ama Mensah");
    expect((await sessions.getSessionInfo(requestWith(`theme=dark; ${cookie}`)))?.user.fullName).toBe("Ama Mensah");
    await sessions.destroyUserSession(requestWith(cookie));
    expect(await sessions.getSessionInfo(requestWith(cookie))).toBeNull();
  });

  it("a tampered or foreign signature is refused, every time", async () => {
    const cookie = (await sessions.createUserSession("sessionuser000000000000a")).split(";")[0];
    const [name, value] = cookie.split("=");
    const tampered = `${name}=${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`;
    for (let i = 0; i < 2; i++) expect(await sessions.sessionIdFromCookie(requestWith(tampered))).toBeNull();
    const unsigned = `${name}=${encodeURIComponent(btoa(JSON.stringify("sessionuser000000000000a")))}`;
    expect(await sessions.sessionIdFromCookie(requestWith(unsigned))).toBeNull();
    expect(await sessions.sessionIdFromCookie(requestWith(cookie))).toMatch(/^[a-z0-9]{24}$/);
  });
});
