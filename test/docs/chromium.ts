import { existsSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { packageRoot } from '../../src/contract/index.js';

/** Debian's chromium: browsers cannot be downloaded here, so playwright-core drives the system one. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Screenshots and other files a reader looks at after the run (git-ignored). */
export const ARTIFACTS = join(packageRoot, 'test-artifacts', 'docs');

/** Launches headless chromium, or fails (never skips) with a message that says how to get it. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The browser tests need Debian's chromium at ${CHROMIUM_PATH} (not found). Install it with ` +
        '`apt-get install chromium` (.ci/run does this), or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** What went wrong on a page while a test drove it: console errors, page errors, failed or foreign requests. */
export interface PageProblems {
  readonly consoleErrors: string[];
  readonly pageErrors: string[];
  readonly failedRequests: string[];
  /** Requests to any origin other than the mock's. */
  readonly foreignRequests: string[];
  /** Every URL the page requested, in order. */
  readonly requested: string[];
}

/** Starts recording the problems of `page`; `origin` is the only origin it may talk to. */
export function watchPage(page: Page, origin: string): PageProblems {
  const problems: PageProblems = {
    consoleErrors: [],
    pageErrors: [],
    failedRequests: [],
    foreignRequests: [],
    requested: [],
  };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  page.on('request', (request) => {
    problems.requested.push(request.url());
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.origin !== origin) problems.foreignRequests.push(request.url());
  });
  page.on('requestfailed', (request) =>
    problems.failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.failedRequests.push(`${response.request().method()} ${response.url()}: ${response.status()}`);
  });
  return problems;
}
