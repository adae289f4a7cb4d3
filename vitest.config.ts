import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: ["**/node_modules/**", "data/**", "client/dist/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    globals: true,
    setupFiles: ["scripts/vitest-setup.ts"],
  },
});
