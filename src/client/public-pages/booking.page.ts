import type { PublicBooking } from '../../shared/scheduling.schema.ts';
import { h, pathKey, PublicApiError, publicApi, show, showLoadError } from './kit.ts';
import {
  type BookingPageType,
  createSlotPicker,
  detectedTimezone,
  type Slot,
  timezoneField,
  whenLabel,
} from './slot-picker.ts';

/*
 * The public booking page `/book/{workspaceId}-{slug}` (issue 44): a type's free times in
 * the visitor's zone, then their name, email and the type's questions. Plain DOM, no
 * framework, so it stays a few kilobytes on a visitor's phone.
 */

const slug = pathKey('/book/');
const api = `/api/public/booking/${encodeURIComponent(slug)}`;

let timezone = detectedTimezone();
const notice = h('div', { class: 'alert error-alert', role: 'alert', tabindex: -1, hidden: true });
const picker = createSlotPicker({ slug, timezone, onPick: showForm });
const pickStep = h(
  'div',
  {},
  notice,
  timezoneField(timezone, (zone) => {
    timezone = zone;
    notice.hidden = true;
    picker.setTimezone(zone);
  }),
  picker.element,
);
const step = h('div', {});
const typed = new Map<string, string>();

function header(type: BookingPageType) {
  return h(
    'header',
    { class: 'booking-header' },
    h('p', { class: 'dimmed' }, type.ownerName),
    h('h1', {}, type.name),
    h(
      'ul',
      { class: 'facts' },
      h('li', {}, `${type.durationMinutes} minutes`),
      type.location ? h('li', {}, type.location) : null,
    ),
    type.description ? h('p', { class: 'description' }, type.description) : null,
  );
}

function textField(id: string, label: string, required: boolean, control: HTMLElement) {
  return h(
    'div',
    { class: 'field' },
    h(
      'label',
      { for: id },
      label,
      required ? h('span', { class: 'required', 'aria-hidden': 'true' }, '*') : null,
    ),
    control,
  );
}

function backToTimes(message?: string) {
  notice.textContent = message ?? '';
  notice.hidden = !message;
  step.replaceChildren(pickStep);
  if (message) notice.focus();
}

function showForm(slot: Slot, zone: string) {
  const type = currentType!;
  const summary = h('div', { class: 'alert chosen', tabindex: -1 });
  const error = h('div', { class: 'alert error-alert', role: 'alert', hidden: true });
  const change = h('button', { type: 'button', class: 'secondary' }, 'Change time');
  change.addEventListener('click', () => backToTimes());
  summary.append(h('p', {}, whenLabel(slot.start, slot.end, zone)), change);
  const input = (id: string, attributes: Record<string, string | boolean>) =>
    h('input', { id, name: id, required: true, 'aria-required': 'true', ...attributes });
  const button = h('button', { type: 'submit' }, 'Book this time');
  const form = h(
    'form',
    { novalidate: true },
    error,
    textField('name', 'Your name', true, input('name', { type: 'text', autocomplete: 'name' })),
    textField(
      'email',
      'Email',
      true,
      input('email', { type: 'email', autocomplete: 'email', inputmode: 'email' }),
    ),
    ...type.questions.map((q) =>
      textField(
        `q-${q.key}`,
        q.label,
        q.required,
        h('textarea', {
          id: `q-${q.key}`,
          name: q.key,
          rows: 3,
          required: q.required,
          'aria-required': q.required ? 'true' : null,
        }),
      ),
    ),
    button,
  );
  // What the visitor typed survives going back for another time (a 409, or Change time).
  for (const control of form.querySelectorAll<HTMLInputElement>('input, textarea')) {
    control.value = typed.get(control.id) ?? '';
    control.addEventListener('input', () => typed.set(control.id, control.value));
  }
  step.replaceChildren(h('h2', {}, 'Your details'), summary, form);
  summary.focus();

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const value = (name: string) =>
      (form.elements.namedItem(name) as HTMLInputElement | null)?.value.trim() ?? '';
    const missing = [
      ['name', 'Your name'],
      ['email', 'Email'],
      ...type.questions.filter((q) => q.required).map((q) => [`q-${q.key}`, q.label]),
    ].find(([id]) => !value(id!));
    if (missing) {
      error.textContent = `${missing[1]} is required.`;
      error.hidden = false;
      (form.elements.namedItem(missing[0]!) as HTMLElement).focus();
      return;
    }
    button.disabled = true;
    button.textContent = 'Booking…';
    error.hidden = true;
    const answers = Object.fromEntries(
      type.questions.map((q) => [q.key, value(`q-${q.key}`)]).filter(([, a]) => a),
    );
    publicApi<{ booking: PublicBooking; manageUrl: string }>(`${api}/bookings`, {
      method: 'POST',
      body: {
        start: slot.start,
        name: value('name'),
        email: value('email'),
        timezone: zone,
        answers,
      },
    })
      .then(({ booking, manageUrl }) => showBooked(booking, manageUrl))
      .catch((problem: unknown) => {
        button.disabled = false;
        button.textContent = 'Book this time';
        if (problem instanceof PublicApiError && problem.status === 409) {
          // Someone else was quicker: back to the times, without the one just lost.
          backToTimes(problem.message);
          void picker.reload();
          return;
        }
        error.textContent =
          problem instanceof PublicApiError
            ? problem.details.map((d) => d.message).join(' ') || problem.message
            : 'Something went wrong. Please try again.';
        error.hidden = false;
        error.setAttribute('tabindex', '-1');
        error.focus();
      });
  });
}

function showBooked(booking: PublicBooking, manageUrl: string) {
  const done = h(
    'div',
    { class: 'alert success', role: 'status', tabindex: -1 },
    h('h2', {}, 'You are booked'),
    h('p', {}, whenLabel(booking.start, booking.end, booking.timezone)),
    h(
      'p',
      {},
      `We emailed an invitation, with a link to reschedule or cancel, to ${booking.email}.`,
    ),
    h('p', {}, h('a', { href: manageUrl }, 'Reschedule or cancel')),
  );
  step.replaceChildren(done);
  done.focus();
}

let currentType: BookingPageType | null = null;

async function start() {
  const main = document.getElementById('page');
  try {
    const first = await picker.load();
    currentType = first.type;
    document.title = `${first.type.name} · ${first.type.ownerName}`;
    step.replaceChildren(pickStep);
    show(
      h('div', { class: 'card' }, header(first.type), step),
      h('p', { class: 'footer dimmed' }, 'Powered by Keel'),
    );
  } catch (error) {
    showLoadError(
      error,
      'booking page',
      'The address may be mistyped, or the page no longer takes bookings.',
    );
  } finally {
    main?.removeAttribute('aria-busy');
  }
}

void start();
