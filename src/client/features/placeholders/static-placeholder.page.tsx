import { IconCalendarEvent, type Icon } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { pageTitleFor, normalisePath } from '../../components/app-shell/page-titles.ts';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import type { StaticPlaceholderPath } from './static-placeholder-paths.ts';

interface StaticPlaceholder {
  description: string;
  icon: Icon;
  createLabel: string;
  noun?: string;
}

/**
 * The static placeholders of SPEC §2, by path: each has a title (the page title of its
 * path), a search box and a create button, disabled with a "Coming soon" tooltip.
 */
const STATIC_PLACEHOLDERS: Record<StaticPlaceholderPath, StaticPlaceholder> = {
  '/scheduling': {
    description: 'Meetings and bookings with your clients.',
    icon: IconCalendarEvent,
    createLabel: 'New Event',
    noun: 'events',
  },
};

/** SPEC §2: Financial Overview shows four zero cards. */
/** The page of every static placeholder route, chosen by path. */
export function StaticPlaceholderPage() {
  const path = normalisePath(useRouterState({ select: (s) => s.location.pathname }));
  const placeholder = (STATIC_PLACEHOLDERS as Record<string, StaticPlaceholder | undefined>)[path];
  if (!placeholder) return null;
  const title = pageTitleFor(path);
  return (
    <PlaceholderPage
      title={title}
      description={placeholder.description}
      icon={placeholder.icon}
      searchPlaceholder={`Search ${(placeholder.noun ?? title).toLowerCase()}...`}
      createLabel={placeholder.createLabel}
      noun={placeholder.noun}
    />
  );
}
