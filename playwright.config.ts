import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/setup/chromium";
import { servers } from "./tests/setup/servers";

// Every flow runs twice: with JavaScript and with JavaScript disabled. Specs for JS-only
// enhancements are tagged @js and skipped by the no-JS project through grepInvert; the few runs that
// only need the no-JS project (a language variant of a journey both projects test) are @no-js-only.
export default defineConfig({
  testDir: "./tests/e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"], ["github"]] : [["list"]],
  use: {
    baseURL: servers.main.url,
    // Recording a trace for every test only to keep the failing ones cost about a sixth of the
    // suite's time on this two-core machine; CI's retry of a failed test records one instead
    // (locally: --trace on).
    trace: "on-first-retry",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: "js",
      grepInvert: /@no-js-only/,
      use: {
        ...devices["Desktop Chrome"],
        locale: "de-DE",
        launchOptions: chromiumLaunchOptions,
      },
    },
    {
      name: "no-js",
      grepInvert: /@js/,
      use: {
        ...devices["Desktop Chrome"],
        locale: "de-DE",
        javaScriptEnabled: false,
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
  // E2E_SERVERS=main,consent starts only those (a quick run of specs that need no other shop).
  webServer: Object.entries(servers)
    .filter(
      ([name]) =>
        !process.env.E2E_SERVERS ||
        process.env.E2E_SERVERS.split(",").includes(name)
    )
    .map(([, s]) => ({
      command: s.command,
      url: `${s.url}/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: "ignore" as const,
      stderr: "pipe" as const,
      env: s.env,
    })),
});
