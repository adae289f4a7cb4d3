import { describe, expect, it } from "vitest";
import { browserName } from "./browser-name.ts";

describe("a session's browser as the sessions list names it", () => {
  it("names the browser, its major version and the system of common user agents", () => {
    expect(browserName("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"))
      .toBe("Chrome 131 on macOS Catalina");
    expect(browserName("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"))
      .toBe("Safari 17 on iOS");
    expect(browserName("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe("Firefox 133 on Windows 10");
  });

  it("keeps a user agent it cannot read as it was sent", () => {
    expect(browserName("Desk browser/1.0")).toBe("Desk browser/1.0");
  });
});
