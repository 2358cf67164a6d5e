import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "#tests/support/test-database.ts";
useTestDatabase("announcements");

// Modules that read their configuration when imported come after the test database is up.
let communications: typeof import("#app/models/communication.server.ts");
let admin: typeof import("#app/models/communication-admin.server.ts");

beforeAll(async () => {
  communications = await import("#app/models/communication.server.ts");
  admin = await import("#app/models/communication-admin.server.ts");
});

const announce = (recipientType: "all" | "students" | "parents", title = "Notice") =>
  admin.createAnnouncement({ title, message: "Classes start Monday.", recipientType, senderId: "admin" });

describe("the bell's count of unseen announcements", () => {
  it("counts what the role receives after the user last looked, and a new one at once", async () => {
    await announce("all");
    await announce("parents");
    const student = { role: "student", announcementsSeenAt: null };
    const parent = { role: "parent", announcementsSeenAt: null };
    expect(await communications.countUnseenAnnouncements(student)).toBe(1);
    expect(await communications.countUnseenAnnouncements(parent)).toBe(2);

    const seenAt = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await announce("students");
    // Read within the second the dates are kept for: the new one shows anyway.
    expect(await communications.countUnseenAnnouncements({ role: "student", announcementsSeenAt: seenAt })).toBe(1);
    expect(await communications.countUnseenAnnouncements(student)).toBe(2);
    expect(await communications.countUnseenAnnouncements({ role: "parent", announcementsSeenAt: seenAt })).toBe(0);
    expect(await communications.countUnseenAnnouncements({ role: "admin", announcementsSeenAt: null })).toBe(3);
  });

  it("stops at the cap the badge shows as 99+", async () => {
    for (let i = 0; i < communications.UNSEEN_COUNT_CAP + 2; i++) await announce("students", `Notice ${i}`);
    const count = await communications.countUnseenAnnouncements({ role: "student", announcementsSeenAt: null });
    expect(count).toBe(communications.UNSEEN_COUNT_CAP);
  });
});
