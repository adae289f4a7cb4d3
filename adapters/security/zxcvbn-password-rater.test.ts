import { describe, expect, it } from "vitest";
import { MAX_RATED_LENGTH, ZxcvbnPasswordRater } from "./zxcvbn-password-rater.ts";

const rater = new ZxcvbnPasswordRater();

describe("ZxcvbnPasswordRater", () => {
  it.each([
    ["aaaaaaaaaaaa", 0], ["password1234", 1], ["correct horse battery", 4], ["quiet-Lantern-42-orbit", 4],
  ])("scores %j %i, as the password-strength tool does", async (password, score) => {
    expect((await rater.rate(password, [])).score).toBe(score);
  });

  it("counts the user's own words: the email as a password scores below 3 once the email is known", async () => {
    const alone = await rater.rate("ada.lovelace@example.com", []);
    const withEmail = await rater.rate("ada.lovelace@example.com", ["ada.lovelace@example.com", "lovelace", "example"]);
    expect(withEmail.score).toBeLessThan(alone.score);
    expect(withEmail.score).toBeLessThan(3);
  });

  it(`rates a 1,024-character hostile text by its first ${MAX_RATED_LENGTH} characters, within a CPU budget`, async () => {
    await rater.rate("warm-up", []);
    const hostile = '{[",é}<b>[éZ0&amp;é%41,=Z:á=0}<b>[[<b>é \\{Z&amp;áé [/ipsum}'.repeat(20).slice(0, 1024);
    const cpu = process.cpuUsage();
    await rater.rate(hostile, []);
    const { user, system } = process.cpuUsage(cpu);
    expect((user + system) / 1000).toBeLessThan(1_000);
  });
});
