import { useMediaQuery } from '@mantine/hooks';
import { Notifications, notifications, notificationsStore } from '@mantine/notifications';

/** SPEC §9: the library default, used unless a toast asks for less. */
const DEFAULT_DURATION_MS = 5000;

/**
 * The toast area (SPEC §2, §9): one toast at a time, at the top on small screens and at
 * the bottom right on wider ones, at most 420 px wide, closing after 5 s.
 */
export function Toasts() {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  return (
    <Notifications
      limit={1}
      autoClose={DEFAULT_DURATION_MS}
      position={wide ? 'bottom-right' : 'top-center'}
      containerWidth={420}
    />
  );
}

type Tone = 'success' | 'error' | 'info';

const TONE_COLORS: Record<Tone, string> = { success: 'teal', error: 'red', info: 'indigo' };

interface ToastOptions {
  /** How long the toast stays, in ms (5 s unless given). */
  duration?: number;
}

/** The toast on screen, and the timer that closes it. */
let current: { id: string; timer: number } | null = null;

/**
 * Shows a toast. One already on screen is replaced in place (same element, new text),
 * so there is never a second one, not even while the first would fade out; the timer
 * starts again for the new text. The timer is ours rather than Mantine's `autoClose`,
 * which cannot be restarted on an update.
 */
export function toast(tone: Tone, title: string, message?: string, options: ToastOptions = {}) {
  const data = {
    title: message ? title : undefined,
    message: message ?? title,
    color: TONE_COLORS[tone],
    withBorder: true,
    autoClose: false as const,
  };
  const onScreen =
    current !== null &&
    notificationsStore.getState().notifications.some((shown) => shown.id === current?.id);
  if (current && onScreen) {
    window.clearTimeout(current.timer);
    notifications.update({ id: current.id, ...data });
  } else {
    notifications.clean();
    current = { id: notifications.show(data), timer: 0 };
  }
  const id = current.id;
  current.timer = window.setTimeout(
    () => notifications.hide(id),
    options.duration ?? DEFAULT_DURATION_MS,
  );
}

export function toastSuccess(title: string, message?: string, options?: ToastOptions) {
  toast('success', title, message, options);
}

export function toastError(title: string, message?: string, options?: ToastOptions) {
  toast('error', title, message, options);
}

export function toastInfo(title: string, message?: string, options?: ToastOptions) {
  toast('info', title, message, options);
}
