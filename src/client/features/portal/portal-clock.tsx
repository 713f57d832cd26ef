import { createContext, useContext, type ReactNode } from 'react';
import {
  DEFAULT_DISPLAY,
  formatCalendarDate,
  formatDateTime,
  workspaceClock,
  type DisplayPreferences,
} from '../../../shared/datetime.ts';
import type { PortalView } from '../../../shared/portal.schema.ts';

/*
 * The portal writes dates as the workspace does on its PDFs and emails (its time zone,
 * date and time format, from the portal's answer), never as whoever happens to be signed
 * in to Keel in this browser: so it is handed down here rather than read from the
 * signed-in user's preferences (display-preferences.tsx).
 */
const PortalClock = createContext<DisplayPreferences>(DEFAULT_DISPLAY);

export function PortalClockProvider({
  clock,
  children,
}: {
  clock: PortalView['clock'];
  children: ReactNode;
}) {
  return <PortalClock.Provider value={workspaceClock(clock)}>{children}</PortalClock.Provider>;
}

/** The portal's date helpers: a calendar date ('28/11/2026') and an instant ('28/11/2026 18:17'). */
export function usePortalDates() {
  const clock = useContext(PortalClock);
  return {
    day: (value: string | null | undefined) => formatCalendarDate(value, clock),
    dateTime: (value: string | null | undefined) => formatDateTime(value, clock),
  };
}
