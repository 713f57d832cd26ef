import type { PublicBooking } from '../../shared/scheduling.schema.ts';
import { h, pathKey, PublicApiError, publicApi, show, showLoadError } from './kit.ts';
import { createSlotPicker, type Slot, timezoneField, whenLabel } from './slot-picker.ts';

/*
 * A booking's private page `/book/manage/{token}` (issue 44), the emailed link: the booking
 * in the visitor's zone (changeable), and cancelling it or moving it to another free time
 * of its type. The token is the only credential; no cookie is read or made.
 */

const token = pathKey('/book/manage/');
const api = `/api/public/bookings/${encodeURIComponent(token)}`;

let booking: PublicBooking;
let timezone: string;

const when = h('p', { class: 'when' });
const state = h('div', {});
const action = h('div', {});
const message = h('div', { class: 'alert', role: 'status', tabindex: -1, hidden: true });

function say(text: string, kind: 'success' | 'error-alert') {
  message.className = `alert ${kind}`;
  message.setAttribute('role', kind === 'success' ? 'status' : 'alert');
  message.textContent = text;
  message.hidden = false;
  message.focus();
}

function errorText(error: unknown) {
  return error instanceof PublicApiError
    ? error.message
    : 'Something went wrong. Please try again.';
}

/** What the visitor may still do: nothing once cancelled or started, else move or cancel. */
function renderState() {
  when.textContent = whenLabel(booking.start, booking.end, timezone);
  action.replaceChildren();
  if (booking.status === 'cancelled') {
    state.replaceChildren(
      h(
        'div',
        { class: 'alert' },
        h('p', {}, 'This booking was cancelled.'),
        booking.cancelReason ? h('p', {}, `Reason: ${booking.cancelReason}`) : null,
        booking.slug
          ? h('p', {}, h('a', { href: `/book/${booking.slug}` }, 'Book another time'))
          : null,
      ),
    );
    return;
  }
  if (new Date(booking.start).getTime() <= Date.now()) {
    state.replaceChildren(
      h(
        'div',
        { class: 'alert' },
        h('p', {}, 'This meeting has already started. Contact the organizer to change it.'),
      ),
    );
    return;
  }
  const reschedule = h('button', { type: 'button' }, 'Reschedule');
  const cancel = h('button', { type: 'button', class: 'secondary' }, 'Cancel booking');
  reschedule.addEventListener('click', showReschedule);
  cancel.addEventListener('click', showCancel);
  state.replaceChildren(h('div', { class: 'actions' }, reschedule, cancel));
}

function showCancel() {
  const reason = h('textarea', { id: 'reason', name: 'reason', rows: 3, maxlength: 1000 });
  const confirm = h('button', { type: 'submit' }, 'Yes, cancel booking');
  const keep = h('button', { type: 'button', class: 'secondary' }, 'Keep booking');
  const form = h(
    'form',
    { novalidate: true, 'aria-labelledby': 'cancel-heading' },
    h('h2', { id: 'cancel-heading', tabindex: -1 }, 'Cancel this booking?'),
    h('div', { class: 'field' }, h('label', { for: 'reason' }, 'Reason (optional)'), reason),
    h('div', { class: 'actions' }, confirm, keep),
  );
  keep.addEventListener('click', () => {
    action.replaceChildren();
    state.querySelector<HTMLButtonElement>('button.secondary')?.focus();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    confirm.disabled = true;
    const text = reason.value.trim();
    publicApi<PublicBooking>(`${api}/cancel`, {
      method: 'POST',
      body: text ? { reason: text } : {},
    })
      .then((result) => {
        booking = result;
        renderState();
        say('Your booking is cancelled. We emailed the cancellation to both of you.', 'success');
      })
      .catch((error: unknown) => {
        confirm.disabled = false;
        say(errorText(error), 'error-alert');
      });
  });
  action.replaceChildren(form);
  form.querySelector<HTMLElement>('h2')!.focus();
}

function showReschedule() {
  if (!booking.slug) {
    action.replaceChildren(
      h(
        'div',
        { class: 'alert' },
        h('p', {}, 'This booking type no longer takes bookings. Contact the organizer to move it.'),
      ),
    );
    return;
  }
  // A picker opened before (Reschedule pressed again) follows the zone no more.
  zoneListeners.clear();
  const heading = h('h2', { tabindex: -1 }, 'Choose a new time');
  const picker = createSlotPicker({
    slug: booking.slug,
    timezone,
    exclude: booking.start,
    onPick: confirmMove,
  });
  zoneListeners.add((zone) => picker.setTimezone(zone));
  action.replaceChildren(heading, picker.element);
  heading.focus();
  picker.load().catch((error: unknown) => say(errorText(error), 'error-alert'));

  function confirmMove(slot: Slot, zone: string) {
    const confirm = h('button', { type: 'button' }, 'Move my booking');
    const back = h('button', { type: 'button', class: 'secondary' }, 'Choose another time');
    const box = h(
      'div',
      { class: 'alert chosen', tabindex: -1 },
      h('p', {}, `New time: ${whenLabel(slot.start, slot.end, zone)}`),
      h('div', { class: 'actions' }, confirm, back),
    );
    back.addEventListener('click', () => {
      box.remove();
      picker.element.hidden = false;
    });
    confirm.addEventListener('click', () => {
      confirm.disabled = true;
      publicApi<PublicBooking>(`${api}/reschedule`, { method: 'POST', body: { start: slot.start } })
        .then((result) => {
          booking = result;
          zoneListeners.clear();
          renderState();
          say(
            'Your booking was moved. We emailed the updated invitation to both of you.',
            'success',
          );
        })
        .catch((error: unknown) => {
          confirm.disabled = false;
          say(errorText(error), 'error-alert');
          if (error instanceof PublicApiError && error.status === 409) {
            box.remove();
            picker.element.hidden = false;
            void picker.reload();
          }
        });
    });
    picker.element.hidden = true;
    picker.element.after(box);
    box.focus();
  }
}

/** Open pickers follow the page's time zone. */
const zoneListeners = new Set<(zone: string) => void>();

async function start() {
  const main = document.getElementById('page');
  try {
    booking = await publicApi<PublicBooking>(api);
    timezone = booking.timezone;
    document.title = `${booking.title} · ${booking.ownerName}`;
    renderState();
    show(
      h(
        'div',
        { class: 'card' },
        h('p', { class: 'dimmed' }, booking.ownerName),
        h('h1', {}, booking.title),
        when,
        booking.location ? h('p', { class: 'dimmed' }, booking.location) : null,
        h('p', { class: 'dimmed' }, `Booked by ${booking.name} (${booking.email})`),
        timezoneField(timezone, (zone) => {
          timezone = zone;
          when.textContent = whenLabel(booking.start, booking.end, timezone);
          for (const listener of zoneListeners) listener(zone);
        }),
        message,
        state,
        action,
      ),
    );
  } catch (error) {
    showLoadError(
      error,
      'booking',
      'The link may be mistyped or incomplete. Use the link from your invitation email.',
    );
  } finally {
    main?.removeAttribute('aria-busy');
  }
}

void start();
