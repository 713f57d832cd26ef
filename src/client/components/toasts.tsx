import { useMediaQuery } from '@mantine/hooks';
import { Notifications, notifications } from '@mantine/notifications';

/**
 * The toast area (SPEC §2, §9): one toast at a time, at the top on small screens and at
 * the bottom right on wider ones, at most 420 px wide, closing after 5 s.
 */
export function Toasts() {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  return (
    <Notifications
      limit={1}
      autoClose={5000}
      position={wide ? 'bottom-right' : 'top-center'}
      containerWidth={420}
    />
  );
}

type Tone = 'success' | 'error';

/** Shows a toast, replacing the one on screen (only one is ever visible). */
export function toast(tone: Tone, title: string, message?: string) {
  notifications.clean();
  notifications.show({
    ...(message ? { title, message } : { message: title }),
    color: tone === 'success' ? 'teal' : 'red',
    withBorder: true,
  });
}

export function toastSuccess(title: string, message?: string) {
  toast('success', title, message);
}

export function toastError(title: string, message?: string) {
  toast('error', title, message);
}
