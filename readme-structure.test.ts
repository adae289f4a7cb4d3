// The README's shape as a user's guide: a contents list that matches its sections, the two set-up commands, a
// configuration reference that lists every variable the server reads, links that resolve, and no issue numbers in
// any user documentation (the README and the pages it links: docs/, bench/README.md).
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { headingsOf, readMarkdown, sectionOf, serverVariables, slugOf, walkthroughSteps, withoutFences } from "./adapters/testing/readme.ts";

const ROOT = import.meta.dirname;
const README = readMarkdown();

/** Every user-facing Markdown file: the README, everything under docs/, and the benchmark's page. */
const USER_DOCS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"), { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".md")).map((name) => join("docs", name)),
  "bench/README.md",
];

/** The topics a newcomer looks for, in the order the contents list gives them. */
const TOPICS = [
  /^quick start/i, /first call/i, /^the dashboard/i, /^keys/i, /^the api$/i, /agent/i, /library/i, /sdk/i, /^conformance/i,
  /^operating/i, /^events: webhooks and email/i, /^deploy/i, /^configuration reference/i,
];

/** `#12`, "issue 12", "issues 12 and 27", `TODO(#12)`: references to the tracker, not to anything a user has. */
const ISSUE_REFERENCE = /(?:^|[^\w&/])#\d+\b|\bissues? #?\d+|\bTODO\(#/i;

function contentsEntries(): { text: string; anchor: string }[] {
  return [...sectionOf(README, "Contents").matchAll(/^\d+\. \[([^\]]+)\]\(#([^)]+)\)/gm)].map((match) => ({ text: match[1], anchor: match[2] }));
}

/** Relative links of a Markdown file (outside fenced blocks): [text](target). */
function linksOf(markdown: string): string[] {
  return [...withoutFences(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]).filter((target) => !/^(https?:|mailto:)/.test(target));
}

describe("README: the contents list", () => {
  it("links every ## section, in the order the sections come", () => {
    const sections = headingsOf(README).filter((heading) => heading.level === 2 && heading.text !== "Contents").map((heading) => slugOf(heading.text));
    // A new ## section needs its line in "## Contents".
    expect(contentsEntries().map((entry) => entry.anchor)).toEqual(sections);
  });

  it("names the topics a newcomer looks for, in order", () => {
    const texts = contentsEntries().map((entry) => entry.text);
    const positions = TOPICS.map((topic) => texts.findIndex((text) => topic.test(text)));
    expect(positions.every((position) => position >= 0), `missing: ${TOPICS.filter((_, i) => positions[i] < 0).join(", ")}`).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});

describe("README: the quick start", () => {
  it("keeps exactly the two set-up commands, npm ci && npm start and npm test", () => {
    const block = /```sh\n([\s\S]*?)```/.exec(sectionOf(README, "Quick start"))?.[1] ?? "";
    const commands = block.split("\n").map((line) => line.replace(/#.*$/, "").trim()).filter(Boolean);
    expect(commands).toEqual(["npm ci && npm start", "npm test"]);
    expect(walkthroughSteps(README)[0]).toMatchObject({ number: 1, body: block.trimEnd() });
  });
});

describe("README: the configuration reference", () => {
  const table = sectionOf(README, "Configuration reference").split("\n\n").find((part) => part.startsWith("| variable | default |")) ?? "";
  const listed = [...table.matchAll(/^\| ([^|]+)\|/gm)].flatMap((match) => [...match[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((name) => name[1]));

  it("lists every variable the server and the keys CLI read (adapters/config.ts, adapters/serve.ts)", () => {
    const read = serverVariables();
    expect(read.length).toBeGreaterThan(20);
    expect(read.filter((name) => !listed.includes(name))).toEqual([]);
  });

  it("lists no variable the server does not read", () => {
    const read = serverVariables();
    expect(listed.filter((name) => !read.includes(name))).toEqual([]);
  });
});

describe("user documentation", () => {
  it("is the README, docs/ and bench/README.md, each page linked from the README", () => {
    expect(USER_DOCS.length).toBeGreaterThan(3);
    const linked = new Set(linksOf(README).map((target) => target.split("#")[0]));
    expect(USER_DOCS.filter((path) => path !== "README.md" && !linked.has(path))).toEqual([]);
  });

  it.each(USER_DOCS)("%s refers to no issue numbers", (path) => {
    const offending = readMarkdown(path).split("\n").map((line, index) => `${index + 1}: ${line}`).filter((line) => ISSUE_REFERENCE.test(line.replace(/^\d+: /, "")));
    expect(offending).toEqual([]);
  });

  it("the issue-number check catches what it should, and not anchors or hex colours", () => {
    for (const text of ["(issue 27)", "targets of issues 12 and 27", "see #12", "TODO(#3)", "#45 fixed it"]) expect(ISSUE_REFERENCE.test(text), text).toBe(true);
    for (const text of ["[Deploy](#deploy)", "color: #1e90ff", "tk_dev_…", "`&#39;`", "docs/design.md#layers"]) expect(ISSUE_REFERENCE.test(text), text).toBe(false);
  });

  it.each(USER_DOCS)("%s links only to files and headings that exist", (path) => {
    const broken = linksOf(readMarkdown(path)).filter((target) => {
      const [file, anchor] = target.split("#");
      const resolved = file ? join(dirname(path), file) : path;
      if (!existsSync(join(ROOT, resolved))) return true;
      if (!anchor || !resolved.endsWith(".md")) return false;
      return !headingsOf(readMarkdown(relative(ROOT, join(ROOT, resolved)))).some((heading) => slugOf(heading.text) === anchor);
    });
    expect(broken).toEqual([]);
  });
});
