import './public-page.css';

/**
 * What the public pages (forms, booking pages) share: a DOM builder that only ever sets text
 * (never HTML, so nothing a visitor or an owner typed can run), JSON calls to `/api/public/*`
 * without cookies, and how an error or a loading state is shown. No framework: these pages
 * load on other people's websites and phones, so they stay a few kilobytes.
 */

type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | number | boolean | null | undefined>;

/** An element with attributes (false/null/undefined left out, true as an empty value) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

/** A public API's refusal: its status, message and per-field problems (`details`). */
export class PublicApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

const FALLBACK = 'Something went wrong. Please try again.';

/** A JSON call to the public API; no cookies are sent or kept (the pages have no session). */
export async function publicApi<T>(path: string, init: { method?: string; body?: unknown } = {}) {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'omit',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch {
    throw new PublicApiError(0, 'No connection. Check your network and try again.');
  }
  const text = await response.text();
  let payload: unknown = null;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = null;
  }
  if (!response.ok) {
    const body = (payload ?? {}) as { error?: unknown; details?: unknown };
    throw new PublicApiError(
      response.status,
      typeof body.error === 'string' ? body.error : FALLBACK,
      Array.isArray(body.details) ? (body.details as { path: string; message: string }[]) : [],
    );
  }
  return payload as T;
}

/** The last path segment after `prefix` (e.g. `/f/7-contact` → `7-contact`), decoded. */
export function pathKey(prefix: string): string {
  const rest = window.location.pathname.slice(prefix.length).replace(/\/+$/, '');
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}

/** Replaces the page's content; `main` is the single `<main id="page">` of each page. */
export function show(...children: Child[]): HTMLElement {
  const main = document.getElementById('page') as HTMLElement;
  main.replaceChildren(...children.filter((c): c is Node | string => Boolean(c)));
  return main;
}

/** A whole-page message (not found, closed, failed), announced to screen readers. */
export function showMessage(title: string, text: string): void {
  document.title = title;
  show(h('div', { class: 'card', role: 'alert' }, h('h1', {}, title), h('p', {}, text)));
}

/**
 * The page's own record could not be read: "not available" for a 404 (a mistyped or retired
 * address), else the reason, e.g. `showLoadError(error, 'form', 'The address may be…')`.
 */
export function showLoadError(error: unknown, what: string, notFoundText: string): void {
  if (error instanceof PublicApiError && error.status === 404) {
    showMessage(`This ${what} is not available`, notFoundText);
  } else {
    showMessage(
      `This ${what} could not be loaded`,
      error instanceof PublicApiError ? error.message : 'Please try again later.',
    );
  }
}

/** Whether the page is shown inside another site's iframe (`?embed=1`, the embed snippet). */
export function isEmbedded(): boolean {
  return new URLSearchParams(window.location.search).get('embed') === '1';
}

/**
 * Inside an iframe: drops the page chrome (`html.embedded`) and tells the host page the
 * content's height whenever it changes, as `{type: messageType, height}`, so the host's
 * script (e.g. public/forms-embed.js) sizes the iframe and no inner scrollbar appears.
 * The host script may load after the first report (it is `async`): it asks again with
 * `{type: messageType + '?'}`. Returns a function that reports at once (after a submit).
 */
export function reportHeightToParent(messageType: string): () => void {
  document.documentElement.classList.add('embedded');
  let last = -1;
  const report = (force = false) => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (!force && height === last) return;
    last = height;
    // '*': the host can be any site, and a height reveals nothing.
    window.parent.postMessage({ type: messageType, height }, '*');
  };
  new ResizeObserver(() => report()).observe(document.body);
  window.addEventListener('load', () => report(true));
  window.addEventListener('message', (event) => {
    if (event.source === window.parent && event.data?.type === `${messageType}?`) report(true);
  });
  report(true);
  return () => report(true);
}
