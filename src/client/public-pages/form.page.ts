import type { PublicForm } from '../../shared/forms.schema.ts';
import {
  h,
  isEmbedded,
  pathKey,
  PublicApiError,
  publicApi,
  reportHeightToParent,
  show,
  showLoadError,
} from './kit.ts';

/*
 * The public page of a lead form, `/f/{workspaceId}-{slug}` (issue 44): plain DOM, no
 * framework, so it stays a few kilobytes on a visitor's phone or inside another site.
 */

type Field = PublicForm['fields'][number];
type Answer = string | boolean | string[];

/** The server refuses a submission made less than 3 s after the token was issued. */
const MIN_FILL_MS = 3000;
/** A little more than the minimum: the token's clock is the server's, not the browser's. */
const CLOCK_MARGIN_MS = 500;

const embedded = isEmbedded();
const reportHeight = embedded ? reportHeightToParent('keel-form-height') : () => undefined;
const slug = pathKey('/f/');
const api = `/api/public/forms/${encodeURIComponent(slug)}`;

const idOf = (field: Field, part = '') => `field-${field.key}${part}`;

function labelText(field: Field, tag: 'label' | 'legend' | 'span', attributes = {}) {
  return h(
    tag,
    attributes,
    field.label,
    field.required ? h('span', { class: 'required', 'aria-hidden': 'true' }, '*') : null,
  );
}

function helpOf(field: Field) {
  return field.helpText
    ? h('p', { class: 'dimmed', id: idOf(field, '-help') }, field.helpText)
    : null;
}

/** Ids the control is described by: its help text, and its error once there is one. */
function describedBy(field: Field, withError = false) {
  const ids = [field.helpText ? idOf(field, '-help') : '', withError ? idOf(field, '-error') : ''];
  return ids.filter(Boolean).join(' ') || null;
}

function inputOf(field: Field): HTMLElement {
  const common = {
    id: idOf(field),
    name: field.key,
    required: field.required,
    'aria-required': field.required ? 'true' : null,
    'aria-describedby': describedBy(field),
  };
  switch (field.type) {
    case 'textarea':
      return h('textarea', { ...common, rows: 5 });
    case 'email':
      return h('input', { ...common, type: 'email', autocomplete: 'email', inputmode: 'email' });
    case 'phone':
      return h('input', { ...common, type: 'tel', autocomplete: 'tel' });
    case 'number':
      return h('input', { ...common, type: 'text', inputmode: 'decimal' });
    case 'date':
      return h('input', { ...common, type: 'date' });
    case 'select':
      return h(
        'select',
        common,
        h('option', { value: '' }, 'Choose…'),
        ...(field.options ?? []).map((option) => h('option', { value: option }, option)),
      );
    default:
      return h('input', { ...common, type: 'text' });
  }
}

/** One field's block: label, help, control and the place its error goes. */
function fieldBlock(field: Field): HTMLElement | null {
  if (field.type === 'hidden') {
    // Filled from the page's own address (e.g. `/f/7-contact?utm_source=newsletter`).
    const value = new URLSearchParams(window.location.search).get(field.key) ?? '';
    return h('input', { type: 'hidden', name: field.key, value });
  }
  const error = h('p', { class: 'error', id: idOf(field, '-error'), hidden: true });
  if (field.type === 'multiselect') {
    return h(
      'div',
      { class: 'field', 'data-key': field.key },
      h(
        'fieldset',
        {
          id: idOf(field),
          'aria-required': field.required ? 'true' : null,
          'aria-describedby': describedBy(field),
        },
        labelText(field, 'legend'),
        helpOf(field),
        ...(field.options ?? []).map((option, index) =>
          h(
            'label',
            { class: 'choice' },
            h('input', {
              type: 'checkbox',
              name: field.key,
              value: option,
              id: idOf(field, `-${index}`),
            }),
            option,
          ),
        ),
      ),
      error,
    );
  }
  if (field.type === 'checkbox' || field.type === 'consent') {
    // The box's text is its label, beside it: for consent, the very text agreed to.
    return h(
      'div',
      { class: 'field', 'data-key': field.key },
      h(
        'label',
        { class: 'choice' },
        h('input', {
          type: 'checkbox',
          id: idOf(field),
          name: field.key,
          required: field.required,
          'aria-required': field.required ? 'true' : null,
          'aria-describedby': describedBy(field),
        }),
        labelText(field, 'span'),
      ),
      helpOf(field),
      error,
    );
  }
  return h(
    'div',
    { class: 'field', 'data-key': field.key },
    labelText(field, 'label', { for: idOf(field) }),
    helpOf(field),
    inputOf(field),
    error,
  );
}

function answersOf(form: HTMLFormElement, fields: Field[]): Record<string, Answer> {
  const answers: Record<string, Answer> = {};
  for (const field of fields) {
    const controls = Array.from(form.elements).filter(
      (element): element is HTMLInputElement => (element as HTMLInputElement).name === field.key,
    );
    if (field.type === 'multiselect') {
      answers[field.key] = controls.filter((c) => c.checked).map((c) => c.value);
    } else if (field.type === 'checkbox' || field.type === 'consent') {
      answers[field.key] = controls[0]?.checked ?? false;
    } else {
      answers[field.key] = controls[0]?.value ?? '';
    }
  }
  return answers;
}

/** Marks each field the server named (`answers.{key}`) and focuses the first of them. */
function showFieldErrors(
  form: HTMLFormElement,
  fields: Field[],
  details: PublicApiError['details'],
) {
  const byKey = new Map<string, string>();
  for (const { path, message } of details) {
    const key = /^answers\.([^.]+)/.exec(path)?.[1];
    if (key && !byKey.has(key)) byKey.set(key, message);
  }
  let first: HTMLElement | null = null;
  for (const field of fields) {
    const control = form.querySelector<HTMLElement>(`#${CSS.escape(idOf(field))}`);
    const error = form.querySelector<HTMLElement>(`#${CSS.escape(idOf(field, '-error'))}`);
    if (!control || !error) continue;
    const message = byKey.get(field.key);
    error.textContent = message ?? '';
    error.hidden = !message;
    const describing = describedBy(field, Boolean(message));
    if (describing) control.setAttribute('aria-describedby', describing);
    else control.removeAttribute('aria-describedby');
    if (message) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
    if (message && !first) first = control;
  }
  if (first) {
    // A group is focused through its first box.
    const target = first.matches('fieldset') ? first.querySelector('input') : first;
    (target ?? first).focus();
  }
  return byKey.size > 0;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function safeRedirect(url: string): string | null {
  try {
    const parsed = new URL(url);
    return ['http:', 'https:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

function showThanks(card: HTMLElement, message: string, redirect: string | null) {
  const status = h(
    'div',
    { class: 'alert success', role: 'status', tabindex: -1 },
    h('p', {}, message),
    redirect
      ? h('p', {}, h('a', { href: redirect, target: embedded ? '_top' : null }, 'Continue'))
      : null,
  );
  card.replaceChildren(h('h1', {}, document.title), status);
  status.focus();
  reportHeight();
}

function render(form: PublicForm, loadedAt: number) {
  document.title = form.name;
  const fields = form.fields;
  const summary = h('div', { class: 'alert error-alert', role: 'alert', hidden: true });
  const button = h('button', { type: 'submit' }, form.submitLabel ?? 'Send');
  const honeypot = h('input', {
    type: 'text',
    name: '_hp',
    id: 'field-_hp',
    tabindex: -1,
    autocomplete: 'off',
  });
  const element = h(
    'form',
    { novalidate: true, method: 'post', action: `${api}/submissions` },
    summary,
    ...fields.map(fieldBlock),
    // Bots fill every box they find; people never see or hear this one.
    h(
      'div',
      { class: 'hp', 'aria-hidden': 'true' },
      h('label', { for: 'field-_hp' }, 'Leave this empty'),
      honeypot,
    ),
    h('input', { type: 'hidden', name: '_token', value: form.token }),
    button,
  );
  const card = h('div', { class: 'card' }, h('h1', {}, form.name), element);
  show(card, embedded ? null : h('p', { class: 'footer dimmed' }, 'Powered by Keel'));

  let sending = false;
  const send = async () => {
    if (sending) return;
    sending = true;
    button.disabled = true;
    const label = button.textContent;
    button.textContent = 'Sending…';
    summary.hidden = true;
    try {
      // A visitor quicker than the server's 3 s minimum waits the rest here rather than
      // being refused: only a bot is meant to trip that check.
      const early = loadedAt + MIN_FILL_MS + CLOCK_MARGIN_MS - performance.now();
      if (early > 0) await wait(early);
      const result = await publicApi<{ message?: string; redirectUrl?: string }>(
        `${api}/submissions`,
        {
          method: 'POST',
          body: {
            answers: answersOf(element, fields),
            _token: form.token,
            _hp: honeypot.value,
            // Embedded, the page the visitor was on is the host's (when its policy tells it).
            pageUrl: (embedded && document.referrer) || window.location.href,
          },
        },
      );
      const redirect = result.redirectUrl ? safeRedirect(result.redirectUrl) : null;
      showThanks(card, result.message ?? 'Thank you! We received your message.', redirect);
      if (redirect) {
        // Embedded, the whole host page goes on to the thank-you page: it belongs to the
        // host's site and would not fit (or be allowed) inside the iframe. If the browser
        // refuses, the Continue link stays.
        if (embedded && window.top) window.top.location.href = redirect;
        else window.location.assign(redirect);
      }
    } catch (error) {
      const problem =
        error instanceof PublicApiError
          ? error
          : new PublicApiError(0, 'Something went wrong. Please try again.');
      const marked = showFieldErrors(element, fields, problem.details);
      if (!marked) {
        summary.textContent =
          problem.status === 429
            ? 'Too many submissions from your connection. Please try again later.'
            : problem.status === 404
              ? // Unpublished or deleted while the visitor was typing.
                'This form is not available any more.'
              : problem.message;
        summary.hidden = false;
        summary.setAttribute('tabindex', '-1');
        summary.focus();
      }
      button.textContent = label;
      button.disabled = false;
      sending = false;
      reportHeight();
    }
  };
  element.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });
}

async function start() {
  const main = document.getElementById('page');
  try {
    const form = await publicApi<PublicForm>(api);
    render(form, performance.now());
  } catch (error) {
    showLoadError(
      error,
      'form',
      'The address may be mistyped, or the form is no longer published.',
    );
  } finally {
    main?.removeAttribute('aria-busy');
    reportHeight();
  }
}

void start();
