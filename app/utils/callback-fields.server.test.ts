import { describe, expect, it } from "vitest";
import { callbackFields } from "#app/utils/callback-fields.server.ts";

const post = (body: string | null, type: string | null, query = "") =>
  new Request(`https://portal.example.org/callbacks/hubtel/sms-delivery/s${query}`, {
    method: "POST",
    body,
    headers: type ? { "Content-Type": type } : {},
  });
const both = { json: true, query: true };

describe("a provider callback's fields", () => {
  it("come from a form, a JSON object or, with no body, the query string; the body wins over the query", async () => {
    const form = await callbackFields(post("id=1&status=Delivered", "application/x-www-form-urlencoded"), both);
    expect([form!("id"), form!("status"), form!("other")]).toEqual(["1", "Delivered", ""]);
    const json = await callbackFields(post('{"MessageId":"m1","Status":"Delivered","n":3}', "application/json"), both);
    expect([json!("MessageId"), json!("n")]).toEqual(["m1", "3"]);
    const query = await callbackFields(post(null, null, "?MessageId=q1&Status=Delivered"), both);
    expect(query!("MessageId")).toBe("q1");
    const mixed = await callbackFields(post('{"MessageId":"body"}', "application/json", "?MessageId=q&Status=x"), both);
    expect([mixed!("MessageId"), mixed!("Status")]).toEqual(["body", "x"]);
  });

  it("are refused (a 400) when the body is not what its type says, or a type the provider does not send", async () => {
    expect(await callbackFields(post("{not json", "application/json"), both)).toBeNull();
    expect(await callbackFields(post("[1,2]", "application/json"), both)).toBeNull();
    expect(await callbackFields(post('{"id":"x"}', "application/json"), { json: false, query: false })).toBeNull();
    expect(await callbackFields(post(null, null), { json: false, query: false })).toBeNull();
    expect(await callbackFields(post("<xml/>", "text/xml"), both)).toBeNull();
  });
});
