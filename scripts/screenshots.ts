/**
 * `npm run screenshots`: renders the shop's main screens at phone (390×844) and desktop (1366×900)
 * size, with JavaScript on and off, into one folder, so a reviewer sees every screen at once.
 *
 * Starts its own server on the built app (run `npm run build` first; BUILD_DIR is honoured) with a
 * fresh embedded demo store on 127.0.0.1, unless SCREENSHOTS_URL points at a running shop.
 *
 *   SCREENSHOTS_DIR   output folder (default ./screenshots, git-ignored)
 *   SCREENSHOTS_PORT  port of the server it starts (default 3690)
 *   SCREENSHOTS_ONLY  comma-separated page names to render (default: all)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, request, type BrowserContext, type Page } from "@playwright/test";
import { DEMO_ACCESS_KEY } from "../server/demo-store/constants";
import { chromiumLaunchOptions } from "../tests/setup/chromium";

const CONTEXT_TOKEN_COOKIE = "sw-context-token";
// Headless Chromium names itself in its user agent, which the shop treats as a bot (no consent dialog).
const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const DEMO_CUSTOMER = { email: "kunde@example.com", password: "Forst2024!" };

interface Shot {
  name: string;
  path: string;
  /** Cart with an item (cart, checkout); `customer` is logged in (account). */
  needs?: "cart" | "customer";
}

const SHOTS: Shot[] = [
  { name: "home", path: "/" },
  { name: "category", path: "/produkte/seilwinden/" },
  { name: "product", path: "/forstseilwinde-fsw-55/FS-10003" },
  { name: "search", path: "/search?search=Kette" },
  { name: "cart", path: "/checkout/cart", needs: "cart" },
  { name: "checkout", path: "/checkout", needs: "cart" },
  { name: "account", path: "/account", needs: "customer" },
  { name: "not-found", path: "/gibt-es-nicht/" },
  { name: "en-home", path: "/en/" },
  { name: "fr-category", path: "/fr/produits/treuils/" },
];

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 900 },
];

function consentCookie(url: string) {
  const now = new Date().toISOString();
  const value = JSON.stringify({
    categories: ["necessary"],
    revision: 1,
    data: null,
    consentTimestamp: now,
    consentId: "00000000-0000-4000-8000-000000000000",
    services: { necessary: [], messurement: [], functional: [] },
    languageCode: "de",
    lastConsentTimestamp: now,
    expirationTime: Date.now() + 86_400_000,
  });
  return {
    name: "cc_cookie",
    value: encodeURIComponent(value),
    url,
    sameSite: "Lax" as const,
  };
}

async function waitForServer(url: string, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null)
      throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`no answer from ${url}/healthz`);
}

async function storeToken(
  baseURL: string,
  needs: Shot["needs"]
): Promise<string> {
  const api = await request.newContext({
    baseURL: `${baseURL}/store-api/`,
    extraHTTPHeaders: {
      "sw-access-key": DEMO_ACCESS_KEY,
      accept: "application/json",
    },
  });
  try {
    const login = needs === "customer";
    const first = login
      ? await api.post("account/login", {
          data: {
            username: DEMO_CUSTOMER.email,
            password: DEMO_CUSTOMER.password,
          },
        })
      : await api.get("context");
    const token = first.headers()[CONTEXT_TOKEN_COOKIE];
    if (!first.ok() || !token)
      throw new Error(`store API: HTTP ${first.status()}`);
    if (needs === "cart") {
      const search = await api.post("search", {
        headers: { [CONTEXT_TOKEN_COOKIE]: token },
        data: { search: "FS-10003", limit: 1, includes: { product: ["id"] } },
      });
      const productId = (
        (await search.json()) as { elements: Array<{ id: string }> }
      ).elements[0]?.id;
      const added = await api.post("checkout/cart/line-item", {
        headers: { [CONTEXT_TOKEN_COOKIE]: token },
        data: {
          items: [{ type: "product", referencedId: productId, quantity: 2 }],
        },
      });
      if (!added.ok())
        throw new Error(`adding to the cart: HTTP ${added.status()}`);
    }
    return token;
  } finally {
    await api.dispose();
  }
}

/**
 * The page as a shopper who scrolls through it sees it: lazy images load, and sections with
 * `content-visibility: auto` render only near the viewport, which a full-page capture does not move.
 * Playwright's evaluate is not page script, so this works with JavaScript off too; the sections are
 * set visible through the CSSOM, which the page's style policy does not restrict.
 */
async function renderWholePage(page: Page, step: number): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let top = 0; top < height; top += step) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>("*")) {
      if (getComputedStyle(element).contentVisibility === "auto")
        element.style.contentVisibility = "visible";
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState("networkidle").catch(() => undefined);
}

async function main(): Promise<void> {
  const outDir = resolve(process.env.SCREENSHOTS_DIR ?? "screenshots");
  const only = process.env.SCREENSHOTS_ONLY?.split(",").map((name) =>
    name.trim()
  );
  const shots = only ? SHOTS.filter((shot) => only.includes(shot.name)) : SHOTS;
  mkdirSync(outDir, { recursive: true });

  let server: ChildProcess | undefined;
  let dataDir: string | undefined;
  let baseURL = process.env.SCREENSHOTS_URL?.replace(/\/$/, "");
  if (!baseURL) {
    const port = Number(process.env.SCREENSHOTS_PORT ?? 3690);
    baseURL = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), "forestry-screenshots-"));
    server = spawn("npm", ["run", "--silent", "serve"], {
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        SESSION_SECRET:
          process.env.SESSION_SECRET ??
          "screenshots-session-secret-not-for-production",
      },
    });
  }
  const stopServer = () => {
    if (server?.pid && server.exitCode === null)
      process.kill(-server.pid, "SIGTERM");
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => {
    stopServer();
    process.exit(130);
  });

  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    if (server) await waitForServer(baseURL, server);
    let count = 0;
    for (const javaScriptEnabled of [true, false]) {
      for (const viewport of VIEWPORTS) {
        for (const shot of shots) {
          const context: BrowserContext = await browser.newContext({
            viewport: { width: viewport.width, height: viewport.height },
            userAgent: USER_AGENT,
            locale: "de-DE",
            javaScriptEnabled,
          });
          await context.addCookies([consentCookie(baseURL)]);
          if (shot.needs) {
            const token = await storeToken(baseURL, shot.needs);
            await context.addCookies([
              {
                name: CONTEXT_TOKEN_COOKIE,
                value: token,
                url: baseURL,
                httpOnly: true,
                sameSite: "Lax",
              },
            ]);
          }
          const page = await context.newPage();
          await page.goto(`${baseURL}${shot.path}`, { waitUntil: "load" });
          if (javaScriptEnabled)
            await page
              .locator("body[data-ready]")
              .waitFor({ timeout: 10_000 })
              .catch(() => undefined);
          const file = join(
            outDir,
            `${shot.name}-${viewport.name}-${
              javaScriptEnabled ? "js" : "no-js"
            }.png`
          );
          await renderWholePage(page, viewport.height);
          await page.screenshot({ path: file, fullPage: true });
          count++;
          await context.close();
        }
      }
    }
    console.log(`${count} screenshots in ${outDir}`);
  } finally {
    await browser.close();
    stopServer();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
