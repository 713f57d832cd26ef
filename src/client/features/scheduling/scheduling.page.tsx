import { Stack, Tabs } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCalendarShare,
  IconClockHour4,
  IconListDetails,
} from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { AvailabilityPanel } from './availability.panel.tsx';
import { BookingTypesPanel } from './booking-types.panel.tsx';
import { BookingsPanel } from './bookings.panel.tsx';
import { CalendarFeedPanel } from './calendar-feed.panel.tsx';
import { SCHEDULING_TABS, type SchedulingTab } from './scheduling-tabs.ts';

/**
 * `/scheduling` (issue 44): the bookings people made through the booking pages, the booking
 * types those pages offer, the member's availability, and their private calendar feed.
 */
export function SchedulingPage() {
  const navigate = useNavigate();
  const search = useSearch({ from: '/shell/scheduling' });
  const tab: SchedulingTab = search.tab ?? SCHEDULING_TABS[0];

  return (
    <Stack gap="lg" maw={1400}>
      <ListPageHeader
        title="Scheduling"
        description="Booking pages where clients pick a time with you; each booking lands as a contact."
      />
      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate({
            to: '/scheduling',
            search: { tab: (value ?? SCHEDULING_TABS[0]) as SchedulingTab },
            replace: true,
          })
        }
        keepMounted={false}
      >
        <Tabs.List aria-label="Scheduling">
          <Tabs.Tab value="bookings" leftSection={<IconCalendarEvent size={16} />}>
            Bookings
          </Tabs.Tab>
          <Tabs.Tab value="types" leftSection={<IconListDetails size={16} />}>
            Booking types
          </Tabs.Tab>
          <Tabs.Tab value="availability" leftSection={<IconClockHour4 size={16} />}>
            Availability
          </Tabs.Tab>
          <Tabs.Tab value="feed" leftSection={<IconCalendarShare size={16} />}>
            Calendar feed
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="bookings" pt="md">
          <BookingsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="types" pt="md">
          <BookingTypesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="availability" pt="md">
          <AvailabilityPanel />
        </Tabs.Panel>
        <Tabs.Panel value="feed" pt="md">
          <CalendarFeedPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export default SchedulingPage;
