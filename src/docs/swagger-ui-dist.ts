import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/**
 * The folder of the installed swagger-ui-dist package, found through Node's own resolution so
 * it works from `src/` and `dist/`, in this repository and inside a consumer's node_modules.
 */
export function swaggerUiDistDir(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/**
 * The files of swagger-ui-dist the page uses. Only these are served: the package also ships an
 * `index.html` and a `swagger-initializer.js` that load the public demo contract from the internet.
 */
export const SWAGGER_UI_FILES: readonly string[] = [
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
];
