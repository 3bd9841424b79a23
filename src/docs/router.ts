import express, { type RequestHandler, type Response, type Router } from 'express';
import type { Contract } from '../contract/index.js';

export interface DocsRouterOptions {
  /** Where the page loads the contract from, same origin. Default `/openapi.json`. */
  readonly specUrl?: string;
}

/**
 * Everything the page may load comes from this server: scripts and styles from 'self' only, and
 * requests ("Try it out") only to 'self'. Swagger UI's React sets style attributes, hence
 * 'unsafe-inline' for styles (never for scripts). Content Security Policy Level 3, W3C.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

function secure(res: Response): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

/**
 * `/docs`: the interactive reference of the contract (Swagger UI from the installed
 * swagger-ui-dist, no CDN). `contract()` is read per request, so a contract reloaded by
 * `--watch` shows on the next page load; the page itself reads the contract from `specUrl`.
 */
export function docsRouter(contract: () => Contract, options: DocsRouterOptions = {}): Router {
  const specUrl = options.specUrl ?? '/openapi.json';
  // The page, its script and Swagger UI's folder are prepared on the first /docs request, not at
  // start-up: most runs of the mock (test suites, CI) never open the docs.
  let loading: Promise<DocsAssets> | undefined;
  const assets = (): Promise<DocsAssets> =>
    (loading ??= loadAssets().catch((error: unknown) => {
      loading = undefined; // a failed load is retried by the next request
      throw error;
    }));
  const router = express.Router();

  router.get('/', async (req, res) => {
    const { docsPage } = await assets();
    secure(res);
    res.setHeader('Cache-Control', 'no-cache');
    const served = contract();
    res
      .type('html')
      .send(docsPage({ base: req.baseUrl, title: served.document.info.title, specUrl, basePath: served.basePath }));
  });
  router.get('/petstore-docs.js', async (_req, res) => {
    const { script } = await assets();
    secure(res);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('application/javascript').send(script);
  });
  router.get('/petstore-docs.css', async (_req, res) => {
    const { css } = await assets();
    secure(res);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('text/css').send(css);
  });
  // Only the files the page uses; anything else falls through to the mock's 404.
  router.use('/assets', async (req, res, next) => {
    const { allowed, serveDist } = await assets();
    if (!allowed.has(req.path)) {
      next();
      return;
    }
    secure(res);
    serveDist(req, res, next);
  });
  return router;
}

interface DocsAssets {
  readonly docsPage: typeof import('./page.js')['docsPage'];
  readonly css: string;
  readonly script: string;
  readonly allowed: ReadonlySet<string>;
  readonly serveDist: RequestHandler;
}

async function loadAssets(): Promise<DocsAssets> {
  const [{ initializerScript }, { DOCS_CSS, docsPage }, { SWAGGER_UI_FILES, swaggerUiDistDir }] = await Promise.all([
    import('./browser.js'),
    import('./page.js'),
    import('./swagger-ui-dist.js'),
  ]);
  return {
    docsPage,
    css: DOCS_CSS,
    script: initializerScript(),
    allowed: new Set(SWAGGER_UI_FILES.map((file) => `/${file}`)),
    serveDist: express.static(swaggerUiDistDir(), { index: false, redirect: false, fallthrough: true }),
  };
}
