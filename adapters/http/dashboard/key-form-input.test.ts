import { describe, expect, it } from "vitest";
import { type KeyFormValues, readKeyForm, toFieldErrors, toKeyCommand, type ToolChoices } from "./key-form-input.ts";

const CHOICES: ToolChoices = {
  tools: [
    { id: "hash-text", name: "Hash Text", category: "crypto", description: "" },
    { id: "url-encode", name: "URL Encode", category: "encoding", description: "" },
  ],
  categories: ["crypto", "encoding"],
};

const values = (extra: Partial<KeyFormValues> = {}): KeyFormValues =>
  ({ name: "k", env: "development", limit: "", window: "", expires: "", expiresOn: "", tools: [], categories: [], ...extra });

describe("readKeyForm", () => {
  it("reads checked boxes as lists, trimmed and without repeats, and every other field as trimmed text", () => {
    const form = new URLSearchParams([["name", " ci "], ["tools", "hash-text"], ["tools", "hash-text"], ["tools", " "], ["categories", "crypto"], ["expires", "7"]]);
    expect(readKeyForm(form)).toEqual({ name: "ci", env: "", limit: "", window: "", expires: "7", expiresOn: "", tools: ["hash-text"], categories: ["crypto"] });
  });
});

describe("toKeyCommand", () => {
  it.each([
    ["never", { expires: "" }, {}],
    ["7 days", { expires: "7" }, { expiresInSeconds: 604_800 }],
    ["30 days", { expires: "30" }, { expiresInSeconds: 2_592_000 }],
    ["90 days", { expires: "90" }, { expiresInSeconds: 7_776_000 }],
    ["a date, at 00:00 UTC", { expires: "date", expiresOn: "2027-03-01" }, { expiresAt: Date.UTC(2027, 2, 1) }],
  ])("turns the expiry choice %s into CreateKey's field", (_label, extra, expected) => {
    const { command, errors } = toKeyCommand(values(extra), CHOICES);
    expect(errors).toEqual({});
    expect({ expiresInSeconds: command.expiresInSeconds, expiresAt: command.expiresAt }).toEqual({ expiresInSeconds: undefined, expiresAt: undefined, ...expected });
  });

  it.each([
    ["On a date without a date", { expires: "date" }, "Choose the date the key stops working."],
    ["a date that does not exist", { expires: "date", expiresOn: "2027-02-30" }, "Choose the date the key stops working."],
    ["a date beside Never", { expires: "", expiresOn: "2027-03-01" }, "Choose “On a date…” to use the date entered, or clear the date."],
    ["a choice the form does not offer", { expires: "365" }, "Choose one of the expiry options."],
  ])("refuses %s beside the expiry field", (_label, extra, message) => {
    expect(toKeyCommand(values(extra), CHOICES).errors).toEqual({ expires: message });
  });

  it("limits the key to the checked tools and categories, or to nothing when none is checked (every tool)", () => {
    expect(toKeyCommand(values({ tools: ["hash-text"], categories: ["encoding"] }), CHOICES).command.scopes).toEqual({ tools: ["hash-text"], categories: ["encoding"] });
    expect(toKeyCommand(values(), CHOICES).command.scopes).toBeNull();
  });

  it("refuses tools and categories this server does not have, naming each", () => {
    const { errors } = toKeyCommand(values({ tools: ["hash-text", "nope", "gone"], categories: ["crypto", "secret"] }), CHOICES);
    expect(errors).toEqual({
      tools: "Unknown tools: nope, gone. Choose from this server's tools.",
      categories: "Unknown category: secret. Choose from the list.",
    });
  });

  it("passes limit and window as numbers (empty: the default; anything else not a number: NaN, which CreateKey refuses)", () => {
    expect(toKeyCommand(values({ limit: "5", window: "" }), CHOICES).command).toMatchObject({ limit: 5, windowSeconds: undefined });
    expect(toKeyCommand(values({ limit: "-1" }), CHOICES).command.limit).toBeNaN();
  });
});

describe("toFieldErrors", () => {
  it("puts CreateKey's problems beside the form's own fields, as sentences", () => {
    expect(toFieldErrors([
      { path: "/name", message: "must not be empty" },
      { path: "/expiresAt", message: "must be in the future and within 10 years" },
      { path: "/scopes/tools", message: "must be up to 200 ids" },
    ])).toEqual({ name: "Must not be empty.", expires: "Must be in the future and within 10 years.", tools: "Must be up to 200 ids." });
  });
});
