/**
 * The code of the docs page that runs in the browser.
 *
 * It is written here, type-checked with the rest of the project, and sent to the browser as the
 * source text of these functions (`initializerScript()`), so the package needs no bundler and no
 * extra build step. The price: every function below must be self-contained — no imports, no
 * module-level values, nothing but its parameters, the other functions of `BROWSER_FUNCTIONS`
 * and JavaScript built-ins. The project compiles without the DOM library, so the few browser
 * APIs used are described by the narrow interfaces below.
 *
 * What the page adds to Swagger UI, all read from the contract at run time:
 * - `servers` replaced by the page's own origin followed by the base path the mock serves the
 *   contract under (`/api/v3`...), so "Try it out" calls this mock where it answers;
 * - every OAuth2 and OpenID Connect scheme shown as the bearer-token field the mock checks
 *   (see `tokenSchemes`);
 * - a notice "Deprecated since <x-deprecated-at> — removed on <x-sunset>" under deprecated
 *   operations (Swagger UI strikes them through but does not show the dates);
 * - a badge with the value of `x-stability` next to the operation's path;
 * - no "Try it out" on operations with `x-hideTryItPanel: true`;
 * - the Links column of responses without literal Markdown backticks;
 * - `#section/<Heading>` links (the contract's `x-deprecation-link`) scroll to that heading
 *   of the contract's description.
 */

/** The parts of a DOM element the page touches. */
export interface ElementLike {
  textContent: string | null;
  id: string;
  getAttribute(name: string): string | null;
  scrollIntoView(): void;
}

/** The browser globals the page uses (a subset of `window`). */
export interface DocsPageGlobals {
  readonly location: { readonly origin: string; readonly hash: string };
  readonly document: {
    getElementById(id: string): ElementLike | null;
    querySelectorAll(selectors: string): ArrayLike<ElementLike>;
  };
  fetch(
    url: string,
    init: { headers: Record<string, string> },
  ): Promise<{ readonly ok: boolean; readonly status: number; json(): Promise<unknown> }>;
  readonly SwaggerUIBundle: SwaggerUIBundleLike;
}

/** An Immutable.js Map, as Swagger UI hands operation data to components. */
export interface ImmutableLike {
  get(key: string): unknown;
  /** Immutable collections have it; the plugin checks before calling. */
  toJS?(): unknown;
  getIn(path: readonly string[]): unknown;
  set(key: string, value: unknown): ImmutableLike;
}

/** The React that Swagger UI carries and exposes on its system. */
export interface ReactLike {
  createElement(type: unknown, props: Readonly<Record<string, unknown>> | null, ...children: unknown[]): unknown;
  readonly Fragment: unknown;
}

/** The parts of Swagger UI's plugin system the plugin reads. */
export interface SwaggerSystem {
  readonly React: ReactLike;
  readonly specSelectors: { specJson(): ImmutableLike };
}

export type ComponentProps = Readonly<Record<string, unknown>>;
/** `wrapComponents` entry: receives the original component and the system, returns a component. */
export type ComponentWrapper = (Original: unknown, system: SwaggerSystem) => (props: ComponentProps) => unknown;

export interface SwaggerUIPlugin {
  readonly wrapComponents: Readonly<Record<string, ComponentWrapper>>;
}

export interface SwaggerUIBundleLike {
  (config: Readonly<Record<string, unknown>>): unknown;
  readonly presets: { readonly apis: unknown };
}

/** What the contract says about one operation that the page shows. */
export interface OperationMarks {
  readonly deprecated: boolean;
  readonly deprecatedAt: string | undefined;
  readonly sunset: string | undefined;
  readonly stability: string | undefined;
  readonly hideTryItPanel: boolean;
}

export function isImmutableLike(value: unknown): value is ImmutableLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { get?: unknown }).get === 'function' &&
    typeof (value as { getIn?: unknown }).getIn === 'function'
  );
}

/**
 * The marks of the operation an Operation* component renders, looked up in the contract as
 * loaded (`specJson`) by path and method: the operation data in the props is only filled in
 * once the operation is expanded, the summary bar must show the marks before that.
 */
export function operationMarks(system: SwaggerSystem, operationProps: unknown): OperationMarks | undefined {
  if (!isImmutableLike(operationProps)) return undefined;
  const path = operationProps.get('path');
  const method = operationProps.get('method');
  if (typeof path !== 'string' || typeof method !== 'string') return undefined;
  const op = system.specSelectors.specJson().getIn(['paths', path, method]);
  if (!isImmutableLike(op)) return undefined;
  const text = (key: string): string | undefined => {
    const value = op.get(key);
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  return {
    deprecated: op.get('deprecated') === true,
    deprecatedAt: text('x-deprecated-at'),
    sunset: text('x-sunset'),
    stability: text('x-stability'),
    hideTryItPanel: op.get('x-hideTryItPanel') === true,
  };
}

/** "Deprecated since A — removed on B", or the half the contract gives; undefined without dates. */
export function deprecationNotice(marks: OperationMarks): string | undefined {
  if (!marks.deprecated) return undefined;
  if (marks.deprecatedAt !== undefined && marks.sunset !== undefined)
    return `Deprecated since ${marks.deprecatedAt} — removed on ${marks.sunset}`;
  if (marks.deprecatedAt !== undefined) return `Deprecated since ${marks.deprecatedAt}`;
  if (marks.sunset !== undefined) return `Deprecated — removed on ${marks.sunset}`;
  return undefined;
}

/** The Swagger UI plugin: wraps three core components (names from swagger-ui's core-components preset). */
export function contractMarksPlugin(): SwaggerUIPlugin {
  return {
    wrapComponents: {
      // The summary bar of every operation: the deprecation notice goes right under it.
      OperationSummary: (Original, system) => (props) => {
        const { createElement: h, Fragment } = system.React;
        const marks = operationMarks(system, props['operationProps']);
        const notice = marks === undefined ? undefined : deprecationNotice(marks);
        if (notice === undefined) return h(Original, props);
        return h(
          Fragment,
          null,
          h(Original, props),
          h('div', { className: 'pk-deprecation-notice', role: 'note' }, notice),
        );
      },
      // The path in the summary bar: the stability badge goes right after it.
      OperationSummaryPath: (Original, system) => (props) => {
        const { createElement: h, Fragment } = system.React;
        const stability = operationMarks(system, props['operationProps'])?.stability;
        if (stability === undefined) return h(Original, props);
        const badge = h(
          'span',
          {
            className: `pk-badge pk-stability pk-stability-${stability.toLowerCase().replace(/[^a-z0-9-]/g, '')}`,
            'data-stability': stability,
            title: `x-stability: ${stability} (this operation may still change)`,
          },
          stability,
        );
        return h(Fragment, null, h(Original, props), badge);
      },
      // A response's link (Links column). Swagger UI prints "Operation `getPet`" in a <pre>, the
      // Markdown backticks showing literally; this says the same with code elements.
      operationLink: (_Original, system) => (props) => {
        const { createElement: h } = system.React;
        const link = props['link'];
        const name = typeof props['name'] === 'string' ? props['name'] : '';
        const getComponent = props['getComponent'];
        if (!isImmutableLike(link)) return null;
        const Markdown =
          typeof getComponent === 'function'
            ? (getComponent as (name: string, container: boolean) => unknown)('Markdown', true)
            : undefined;
        const description = link.get('description');
        const target = link.get('operationId') ?? link.get('operationRef');
        const raw = link.get('parameters');
        const parameters = isImmutableLike(raw) && typeof raw.toJS === 'function' ? raw.toJS() : undefined;
        const entries = typeof parameters === 'object' && parameters !== null ? Object.entries(parameters) : [];
        return h(
          'div',
          { className: 'operation-link pk-operation-link' },
          h(
            'div',
            { className: 'description' },
            h('b', null, h('code', null, name)),
            typeof description === 'string' && description !== '' && Markdown !== undefined
              ? h(Markdown, { source: description })
              : null,
          ),
          h('p', null, 'Operation ', h('code', null, typeof target === 'string' ? target : '?')),
          entries.length === 0
            ? null
            : h(
                'ul',
                null,
                ...entries.map(([key, value]) =>
                  h(
                    'li',
                    { key },
                    h('code', null, key),
                    ' = ',
                    h('code', null, typeof value === 'string' ? value : JSON.stringify(value)),
                  ),
                ),
              ),
        );
      },
      // The operation body. Its TryItOutButton receives no path or method, so it cannot tell which
      // operation it belongs to; the operation can: `allowTryItOut: false` is Swagger UI's own switch
      // (the one `supportedSubmitMethods` drives) and removes the button and the Execute control.
      operation: (Original, system) => (props) => {
        const { createElement: h } = system.React;
        const operation = props['operation'];
        if (!isImmutableLike(operation) || operationMarks(system, operation)?.hideTryItPanel !== true)
          return h(Original, props);
        return h(Original, { ...props, operation: operation.set('allowTryItOut', false) });
      },
    },
  };
}

/**
 * Gives the headings of the contract's description ids `section/<Heading>` and scrolls to the one
 * the address names (Redoc-style anchors, as the contract's `x-deprecation-link` uses). React
 * renders after `onComplete`, so it looks again, a bounded number of times, until they are there.
 */
export function revealSection(g: DocsPageGlobals, attemptsLeft = 50): void {
  const headings = Array.from(
    g.document.querySelectorAll(
      ['h1', 'h2', 'h3'].map((h) => `.information-container .renderedMarkdown ${h}`).join(', '),
    ),
  );
  if (headings.length === 0) {
    if (attemptsLeft > 0) setTimeout(() => revealSection(g, attemptsLeft - 1), 100);
    return;
  }
  for (const heading of headings) {
    const name = (heading.textContent ?? '').trim();
    if (name !== '' && heading.id === '') heading.id = `section/${name.replace(/\s+/g, '-')}`;
  }
  // Swagger UI's deep linking may already have rewritten `#section/X` as `#/section/X`.
  const match = /^#\/?section\/(.+)$/.exec(g.location.hash);
  if (match === null || match[1] === undefined) return;
  let wanted: string;
  try {
    wanted = decodeURIComponent(match[1]).replace(/-/g, ' ').trim().toLowerCase();
  } catch {
    return; // a malformed escape in the address: nothing to scroll to
  }
  const target = headings.find(
    (heading) => (heading.textContent ?? '').trim().replace(/-/g, ' ').toLowerCase() === wanted,
  );
  target?.scrollIntoView();
}

/**
 * The page's copy of the security schemes: each `oauth2` and `openIdConnect` scheme becomes an
 * `http` `bearer` scheme of the same name, so the operations' security requirements still name it
 * and Swagger UI's Authorize dialog offers a token field. Why not Swagger UI's own OAuth2 dialog:
 * it asks for a client id and sends the browser to the contract's authorizationUrl / tokenUrl, a
 * server the mock does not run (and off this origin, which the page never calls); what the mock
 * checks is `Authorization: Bearer <token>` (RFC 6750 §2.1), so a token field is what a user of
 * the mock needs. The scheme's own description stays, after a line saying this.
 */
export function tokenSchemes(schemes: unknown): unknown {
  if (typeof schemes !== 'object' || schemes === null || Array.isArray(schemes)) return schemes;
  const out: Record<string, unknown> = {};
  for (const [name, scheme] of Object.entries(schemes as Record<string, unknown>)) {
    const s = typeof scheme === 'object' && scheme !== null ? (scheme as Record<string, unknown>) : {};
    const type = s['type'];
    if (type !== 'oauth2' && type !== 'openIdConnect') {
      out[name] = scheme;
      continue;
    }
    const flows = typeof s['flows'] === 'object' && s['flows'] !== null ? Object.keys(s['flows']).join(', ') : '';
    const what = type === 'oauth2' ? `OAuth2${flows === '' ? '' : ` (${flows})`}` : 'OpenID Connect';
    const note =
      `The contract declares ${what}. This page talks to the mock, which runs no authorization server: ` +
      'paste the access token here and it is sent as `Authorization: Bearer <token>` (the mock accepts the tokens given with `--token`, ' +
      'or any non-empty token when none is given).';
    const description =
      typeof s['description'] === 'string' && s['description'] !== '' ? `${note}\n\n${s['description']}` : note;
    out[name] = { type: 'http', scheme: 'bearer', description };
  }
  return out;
}

/**
 * The document as the page shows it: servers = this page's origin + the base path the mock
 * serves the contract under, and token fields for OAuth2 / OpenID Connect (tokenSchemes).
 */
export function pageSpec(
  spec: Readonly<Record<string, unknown>>,
  origin: string,
  basePath: string,
): Record<string, unknown> {
  const components =
    typeof spec['components'] === 'object' && spec['components'] !== null
      ? (spec['components'] as Record<string, unknown>)
      : undefined;
  return {
    ...spec,
    servers: [
      basePath === '' || basePath === '/'
        ? { url: origin, description: 'This mock (the origin of this page)' }
        : { url: `${origin}${basePath}`, description: `This mock, under the contract's base path ${basePath}` },
    ],
    ...(components === undefined
      ? {}
      : { components: { ...components, securitySchemes: tokenSchemes(components['securitySchemes']) } }),
  };
}

/** Loads the contract, points its servers at this page's origin (the mock) and renders Swagger UI. */
export function startDocsPage(g: DocsPageGlobals): void {
  const root = g.document.getElementById('swagger-ui');
  if (root === null) return;
  const specUrl = root.getAttribute('data-spec-url') ?? '/openapi.json';
  const basePath = root.getAttribute('data-base-path') ?? '';
  g.fetch(specUrl, { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`${specUrl} answered ${response.status}`);
      return response.json();
    })
    .then((spec) => {
      if (typeof spec !== 'object' || spec === null || Array.isArray(spec))
        throw new Error(`${specUrl} is not an OpenAPI document`);
      g.SwaggerUIBundle({
        spec: pageSpec(spec as Record<string, unknown>, g.location.origin, basePath),
        domNode: root,
        layout: 'BaseLayout',
        presets: [g.SwaggerUIBundle.presets.apis],
        plugins: [contractMarksPlugin],
        deepLinking: true,
        displayRequestDuration: true,
        // No badge from the public online validator: the page makes no request off this origin.
        validatorUrl: null,
        onComplete: () => revealSection(g),
      });
    })
    .catch((error: unknown) => {
      root.textContent = `The reference could not be shown: ${error instanceof Error ? error.message : String(error)}`;
    });
}

/** Every function the page needs, in the order they are written into the script. */
const BROWSER_FUNCTIONS = [
  isImmutableLike,
  operationMarks,
  deprecationNotice,
  contractMarksPlugin,
  revealSection,
  tokenSchemes,
  pageSpec,
  startDocsPage,
] as const;

/** The page's initializer: the functions above as source text, started with the real `window`. */
export function initializerScript(): string {
  return `(() => {\n'use strict';\n${BROWSER_FUNCTIONS.map((fn) => fn.toString()).join('\n')}\nstartDocsPage(window);\n})();\n`;
}
