import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_SCHEDULE } from "../domain/webhook.ts";
import { type Config, loadConfig, toListeningUrl } from "./config.ts";

/** The config for `env`, failing the test with its problems when it is refused. */
function configOf(env: NodeJS.ProcessEnv): Config {
  const loaded = loadConfig(env);
  if (!loaded.ok) throw new Error(loaded.error.join("; "));
  return loaded.value;
}

/** The problems `env` is refused with (none: an empty list). */
const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  const loaded = loadConfig(env);
  return loaded.ok ? [] : loaded.error;
};

describe("PUBLIC_URL", () => {
  it.each([
    ["https://tools.example.com", "https://tools.example.com"],
    ["https://tools.example.com/", "https://tools.example.com"],
    ["http://localhost:8080", "http://localhost:8080"],
    ["HTTPS://Tools.Example.COM:443", "https://tools.example.com"],
    ["http://[::1]:3000", "http://[::1]:3000"],
  ])("takes %s as the origin %s", (raw, origin) => {
    expect(configOf({ PUBLIC_URL: raw }).publicUrl).toBe(origin);
  });

  it.each([
    [{}, "http://127.0.0.1:3000"],
    [{ HOST: "0.0.0.0", PORT: "8080" }, "http://0.0.0.0:8080"],
    [{ HOST: "::", PORT: "8080" }, "http://[::]:8080"],
    [{ PORT: "0" }, "http://127.0.0.1:0"],
  ])("defaults to http://<HOST>:<PORT> (%o → %s)", (env, origin) => {
    expect(configOf(env).publicUrl).toBe(origin);
  });

  it.each(["tools.example.com", "ftp://tools.example.com", "https://tools.example.com/app", "https://tools.example.com//", "https://tools.example.com?x=1",
    "https://tools.example.com#top", "https://user:pass@tools.example.com", "https://", " https://tools.example.com"])("refuses %j, naming the variable", (raw) => {
    expect(problemsOf({ PUBLIC_URL: raw })).toEqual([expect.stringMatching(/^PUBLIC_URL=.* is invalid: expected an http: or https: origin/)]);
  });
});

describe("toListeningUrl", () => {
  it.each([
    ["http://127.0.0.1:0", 41234, "http://127.0.0.1:41234"],
    ["http://[::1]:0", 41234, "http://[::1]:41234"],
    ["http://127.0.0.1:3000", 41234, "http://127.0.0.1:3000"],
    ["https://tools.example.com", 41234, "https://tools.example.com"],
  ])("gives %s, once listening on %d, as %s (only port 0 stands for the bound port)", (publicUrl, port, listening) => {
    expect(toListeningUrl(publicUrl, port)).toBe(listening);
  });
});

describe("SMTP_URL", () => {
  it.each(["smtp://user:pass@mail.example.com:587", "smtps://mail.example.com", "smtp://127.0.0.1:2525?tls.rejectUnauthorized=false"])("takes %s as it is", (raw) => {
    expect(configOf({ SMTP_URL: raw }).smtpUrl).toBe(raw);
  });

  it("is undefined when unset or empty (emails then go to the log)", () => {
    expect(configOf({}).smtpUrl).toBeUndefined();
    expect(configOf({ SMTP_URL: "" }).smtpUrl).toBeUndefined();
  });

  it.each(["http://user:secret-pass@mail.example.com", "mail.example.com:587", "smtp://", "smtp:mail.example.com"])("refuses %j", (raw) => {
    expect(problemsOf({ SMTP_URL: raw })).toEqual([expect.stringMatching(/^SMTP_URL is invalid .*expected smtp:\/\//)]);
  });

  it("never echoes a refused value: it may hold the mail server's password", () => {
    expect(problemsOf({ SMTP_URL: "http://user:secret-pass@mail.example.com" }).join(" ")).not.toContain("secret-pass");
  });
});

describe("MAIL_FROM", () => {
  it.each(["Tools <no-reply@tools.example.com>", "no-reply@tools.example.com", "\"Tools, Inc.\" <a@b.example>"])("takes %j", (raw) => {
    expect(configOf({ MAIL_FROM: raw }).mailFrom).toBe(raw);
  });

  it.each([
    [{}, "Tool Execution API <no-reply@127.0.0.1>"],
    [{ PUBLIC_URL: "https://tools.example.com:8443" }, "Tool Execution API <no-reply@tools.example.com>"],
    [{ HOST: "tools.internal", PORT: "80" }, "Tool Execution API <no-reply@tools.internal>"],
  ])("defaults to no-reply at PUBLIC_URL's hostname, without port (%o)", (env, from) => {
    expect(configOf(env).mailFrom).toBe(from);
  });

  it.each(["Tools <a@b.example>\r\nBcc: victim@example.com", "a@b.example\nX: y", "a@b.example\r", "no address", "<a@b.example"])("refuses %j (a line break would add headers)", (raw) => {
    expect(problemsOf({ MAIL_FROM: raw })).toEqual([expect.stringMatching(/^MAIL_FROM=.* is invalid: expected one line/)]);
  });
});

describe("WEBHOOK_RETRY_SCHEDULE", () => {
  it.each([
    ["1,2,2", [1, 2, 2]],
    ["0", [0]],
    [" 5 , 300 ", [5, 300]],
    ["604800", [604800]],
    [Array(20).fill("1").join(","), Array(20).fill(1)],
  ])("takes %j as %j", (raw, schedule) => {
    expect(configOf({ WEBHOOK_RETRY_SCHEDULE: raw }).webhookRetrySchedule).toEqual(schedule);
  });

  it("defaults to the domain's schedule, 5,300,1800,7200,18000,36000,36000", () => {
    expect(configOf({}).webhookRetrySchedule).toEqual(DEFAULT_RETRY_SCHEDULE);
    expect(DEFAULT_RETRY_SCHEDULE).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
  });

  it.each(["604801", "-1", "1.5", "5,,300", "5,", "five", Array(21).fill("1").join(",")])("refuses %j", (raw) => {
    expect(problemsOf({ WEBHOOK_RETRY_SCHEDULE: raw })).toEqual([expect.stringMatching(/^WEBHOOK_RETRY_SCHEDULE=.* is invalid: expected 1 to 20 comma-separated whole seconds/)]);
  });
});

describe("WEBHOOK_ALLOW_PRIVATE", () => {
  it.each([["true", true], ["false", false]])("takes %s", (raw, allowed) => {
    expect(configOf({ WEBHOOK_ALLOW_PRIVATE: raw }).webhookAllowPrivate).toBe(allowed);
  });

  it("defaults to false", () => {
    expect(configOf({}).webhookAllowPrivate).toBe(false);
  });

  it.each(["1", "yes", "TRUE", "on"])("refuses %j", (raw) => {
    expect(problemsOf({ WEBHOOK_ALLOW_PRIVATE: raw })).toEqual(['WEBHOOK_ALLOW_PRIVATE=' + JSON.stringify(raw) + " is invalid: expected true or false"]);
  });
});
