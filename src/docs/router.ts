import express, { type Response, type Router } from 'express';
import type { Contract } from '../contract/index.js';
import { initializerScript } from './browser.js';
import { DOCS_CSS, docsPage } from './page.js';
import { SWAGGER_UI_FILES, swaggerUiDistDir } from './swagger-ui-dist.js';

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
  const script = initializerScript();
  const allowed = new Set(SWAGGER_UI_FILES.map((file) => `/${file}`));
  const serveDist = express.static(swaggerUiDistDir(), { index: false, redirect: false, fallthrough: true });
  const router = express.Router();

  router.get('/', (req, res) => {
    secure(res);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(docsPage({ base: req.baseUrl, title: contract().document.info.title, specUrl }));
  });
  router.get('/petstore-docs.js', (_req, res) => {
    secure(res);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('application/javascript').send(script);
  });
  router.get('/petstore-docs.css', (_req, res) => {
    secure(res);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('text/css').send(DOCS_CSS);
  });
  // Only the files the page uses; anything else falls through to the mock's 404.
  router.use('/assets', (req, res, next) => {
    if (!allowed.has(req.path)) {
      next();
      return;
    }
    secure(res);
    serveDist(req, res, next);
  });
  return router;
}
