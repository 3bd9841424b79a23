const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export interface DocsPageInput {
  /** Where the docs router is mounted (`req.baseUrl`, e.g. `/docs`): every asset URL starts with it. */
  readonly base: string;
  /** The page title, from the contract's `info.title`. */
  readonly title: string;
  /** Where the page loads the contract from (same origin). */
  readonly specUrl: string;
  /** The path the mock serves the contract's paths under (`/api/v3`; `''` for none): Try it out calls it. */
  readonly basePath: string;
}

/** The docs page: Swagger UI's stylesheet and bundle, then the initializer, all from this server. */
export function docsPage({ base, title, specUrl, basePath }: DocsPageInput): string {
  const at = (file: string): string => escapeHtml(`${base}/${file}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · reference</title>
<link rel="icon" type="image/png" sizes="32x32" href="${at('assets/favicon-32x32.png')}">
<link rel="icon" type="image/png" sizes="16x16" href="${at('assets/favicon-16x16.png')}">
<link rel="stylesheet" href="${at('assets/swagger-ui.css')}">
<link rel="stylesheet" href="${at('petstore-docs.css')}">
</head>
<body>
<div id="swagger-ui" data-spec-url="${escapeHtml(specUrl)}" data-base-path="${escapeHtml(basePath)}"></div>
<script src="${at('assets/swagger-ui-bundle.js')}"></script>
<script src="${at('petstore-docs.js')}"></script>
</body>
</html>
`;
}

/** Styles of what the plugin adds: the deprecation notice and the stability badges. */
export const DOCS_CSS = `body { margin: 0; }
.swagger-ui .pk-deprecation-notice {
  margin: 0 10px 8px; padding: 6px 10px; border-left: 4px solid #b45309; border-radius: 2px;
  background: #fff7ed; color: #7c2d12; font: 600 13px/1.4 sans-serif;
}
.swagger-ui .pk-badge {
  display: inline-block; margin-left: 10px; padding: 1px 8px; border-radius: 10px;
  font: 700 11px/18px sans-serif; letter-spacing: .03em; text-transform: uppercase; vertical-align: middle;
  color: #fff; background: #475569;
}
.swagger-ui .pk-stability-beta { background: #1d4ed8; }
.swagger-ui .pk-stability-alpha { background: #7e22ce; }
.swagger-ui .pk-stability-experimental { background: #c2410c; }
/* Swagger UI fades a deprecated operation to 60 % and paints its method white on #ebebeb (about
   1.2:1): unreadable. The strike-through and the notice say "deprecated"; the text stays legible
   (WCAG 2.2 SC 1.4.3: at least 4.5:1). */
.swagger-ui .opblock.opblock-deprecated { opacity: 1; }
.swagger-ui .opblock.opblock-deprecated .opblock-summary-method { background: #4b5563; color: #fff; text-shadow: none; }
.swagger-ui .opblock.opblock-deprecated .opblock-summary-path__deprecated,
.swagger-ui .opblock.opblock-deprecated .opblock-summary-path__deprecated a { color: #4b5563; }
/* Its "Warning: Deprecated" heading repeats the notice under the summary. Not ":first-child": while the
   operation resolves, Swagger UI puts a loading animation before it (a slow machine showed the heading). */
.swagger-ui .opblock.opblock-deprecated .opblock-body > h4.opblock-title_normal { display: none; }
.swagger-ui .pk-operation-link { margin-bottom: 12px; }
.swagger-ui .pk-operation-link p, .swagger-ui .pk-operation-link ul { margin: 4px 0; font: 13px/1.5 sans-serif; color: #3b4151; }
.swagger-ui .pk-operation-link ul { padding-left: 18px; }
`;
