import { describe, expect, it } from "vitest";
import { deploymentMemoryRequestMiB } from "./memory.ts";

const manifest = (requests: string, limits = "memory: 1536Mi") => `
          resources:
            requests:
              cpu: 500m
              ${requests}
            limits:
              cpu: "2"
              ${limits}
`;

describe("the memory phase's bound", () => {
  it("is the Deployment's memory request in MiB, in Mi or Gi, never its limit", () => {
    expect(deploymentMemoryRequestMiB(manifest("memory: 768Mi"))).toBe(768);
    expect(deploymentMemoryRequestMiB(manifest("memory: 1Gi", "memory: 2Gi"))).toBe(1024);
    expect(() => deploymentMemoryRequestMiB(manifest("", "memory: 1536Mi"))).toThrow(/no resources.requests.memory/);
  });

  it("reads the shipped manifest", () => {
    expect(deploymentMemoryRequestMiB()).toBeGreaterThanOrEqual(512);
  });
});
