/**
 * Password hashes that can grow (docs/decisions/0072-argon2id-passwords.md): a new account stores argon2id; a hash
 * an earlier version wrote (scrypt, N = 2^15, like the demo accounts of existing installs) is replaced at the next
 * successful sign-in, and the password keeps working.
 */
import { test, expect, connectTestDb, createUser, uniquePhone } from "#tests/support/fixtures.ts";
import { legacyScryptHash } from "#tests/support/legacy-scrypt.ts";
import { E2E } from "#tests/support/e2e-env.ts";
import { User } from "#app/models/user.server.ts";

const SAME_ORIGIN = { Origin: E2E.baseURL };

async function storedHash(id: string) {
  await connectTestDb();
  return (await User.findById(id).select("+passwordHash").lean<{ passwordHash: string }>())!.passwordHash;
}

test("an old scrypt hash is replaced by argon2id at sign-in; a new account stores argon2id @js-only", async ({
  request,
}) => {
  const user = await createUser({ role: "parent" });
  await connectTestDb();
  const old = legacyScryptHash(user.password);
  await User.updateOne({ _id: user.id }, { $set: { passwordHash: old } });

  const signIn = () =>
    request.post("/portal?role=parent", {
      headers: SAME_ORIGIN,
      form: { intent: "signin", phone: user.localPhone, password: user.password },
      maxRedirects: 0,
    });
  expect((await signIn()).status()).toBe(302);
  const upgraded = await storedHash(user.id);
  expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect((await signIn()).status(), "the same password signs in against the new hash").toBe(302);
  expect(await storedHash(user.id), "an up-to-date hash is left as it is").toBe(upgraded);

  const phone = uniquePhone();
  const signUp = await request.post("/portal?role=parent", {
    headers: SAME_ORIGIN,
    form: {
      intent: "signup",
      role: "parent",
      phone,
      fullName: "Argon Parent",
      email: `argon.${phone}@example.com`,
      password: "good-pass-42",
      confirmPassword: "good-pass-42",
    },
    maxRedirects: 0,
  });
  expect(signUp.status()).toBe(302);
  const created = await User.findOne({ email: `argon.${phone}@example.com` })
    .select("+passwordHash")
    .lean<{ passwordHash: string }>();
  expect(created!.passwordHash).toMatch(/^\$argon2id\$/);
});
