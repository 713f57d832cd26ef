import '@mantine/spotlight/styles.css';

import {
  isActionsGroup,
  Spotlight,
  type SpotlightActionData,
  type SpotlightActionGroupData,
  type SpotlightFilterFunction,
} from '@mantine/spotlight';
import {
  IconAdjustments,
  IconLifebuoy,
  IconMoon,
  IconSearch,
  IconSun,
  IconUserCircle,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useMe } from '../../features/auth/session.ts';
import { HOME_ITEM, NAV_GROUPS, workspaceLinksFor, type NavItem } from './navigation.ts';
import { RECORD_GROUPS, usePaletteRecords } from './use-palette-records.tsx';
import { useThemeToggle } from './use-theme-toggle.ts';

/** Extra words a page answers to, beyond its label and group. */
const KEYWORDS: Record<string, string[]> = {
  '/': ['dashboard', 'home', 'start'],
  '/opportunities': ['opportunities', 'pipeline', 'leads', 'sales'],
  '/financial-overview': ['financial overview', 'finance', 'revenue', 'profit'],
  '/reports': ['profitability', 'margin', 'utilisation', 'utilization', 'billable', 'csv'],
  '/payments': ['received', 'paid', 'receipts', 'money in'],
  '/income': ['revenue', 'earnings', 'by month', 'by client'],
  '/portal': ['clients'],
  '/workspace/billing': ['subscription', 'plan', 'upgrade', 'usage', 'storage'],
  '/team': ['members', 'invite', 'users'],
  '/settings': ['preferences', 'business', 'profile', 'notifications'],
};

const ICON_SIZE = 18;

function matches(action: SpotlightActionData, words: string[]): boolean {
  const keywords = Array.isArray(action.keywords) ? action.keywords.join(' ') : action.keywords;
  const text = [action.label, action.description, keywords].join(' ').toLowerCase();
  return words.every((word) => text.includes(word));
}

/**
 * Pages and actions are filtered here by every word of the query; records come back from
 * the server already matched (by email or phone too), so they are kept as they are.
 */
const filterActions: SpotlightFilterFunction = (query, groups) => {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return groups
    .map((item) => {
      if (!isActionsGroup(item)) return item;
      if ((RECORD_GROUPS as readonly string[]).includes(item.group)) return item;
      return { ...item, actions: item.actions.filter((action) => matches(action, words)) };
    })
    .filter((item) => !isActionsGroup(item) || item.actions.length > 0);
};

/**
 * The command palette (Ctrl/⌘+K): jump to any page or run a few shell actions.
 * Pages still to be built are listed too, since their routes show a placeholder.
 */
export function CommandPalette({ onOpenHelp }: { onOpenHelp: () => void }) {
  const navigate = useNavigate();
  const me = useMe();
  const theme = useThemeToggle();
  const isAdmin = Boolean(me.data?.isAdmin);
  const [query, setQuery] = useState('');
  const records = usePaletteRecords(query);

  const actions = useMemo<SpotlightActionGroupData[]>(() => {
    const go = (item: NavItem, description: string) => ({
      id: item.to,
      label: item.label,
      description,
      keywords: KEYWORDS[item.to] ?? [],
      leftSection: <item.icon size={ICON_SIZE} stroke={1.6} />,
      onClick: () => void navigate({ to: item.to }),
    });
    return [
      {
        group: 'Pages',
        actions: [
          go({ ...HOME_ITEM, label: 'Dashboard' }, 'Home'),
          ...NAV_GROUPS.flatMap((group) =>
            group.items.map((item) =>
              go(
                // "Overview" alone says little outside its group.
                item.to === '/financial-overview' ? { ...item, label: 'Financial Overview' } : item,
                group.label,
              ),
            ),
          ),
        ],
      },
      {
        group: 'Workspace & account',
        actions: [
          ...workspaceLinksFor(isAdmin).map((link) => go(link, 'Workspace')),
          go({ label: 'Settings', to: '/settings', icon: IconAdjustments }, 'Account'),
          go({ label: 'Account Settings', to: '/account', icon: IconUserCircle }, 'Account'),
        ],
      },
      {
        group: 'Actions',
        actions: [
          {
            id: 'toggle-theme',
            label: theme.dark ? 'Switch to light theme' : 'Switch to dark theme',
            description: 'Change Theme',
            keywords: ['theme', 'dark', 'light', 'appearance'],
            leftSection: theme.dark ? (
              <IconSun size={ICON_SIZE} stroke={1.6} />
            ) : (
              <IconMoon size={ICON_SIZE} stroke={1.6} />
            ),
            onClick: theme.toggle,
          },
          {
            id: 'help',
            label: 'Help Center',
            description: 'Keyboard shortcuts and help',
            keywords: ['help', 'shortcuts', 'keyboard', 'support'],
            leftSection: <IconLifebuoy size={ICON_SIZE} stroke={1.6} />,
            onClick: onOpenHelp,
          },
        ],
      },
    ];
  }, [navigate, isAdmin, theme.dark, theme.toggle, onOpenHelp]);

  return (
    <Spotlight
      actions={[...actions, ...records.groups]}
      query={query}
      onQueryChange={setQuery}
      filter={filterActions}
      shortcut="mod + K"
      // The palette opens from anywhere, a focused search field included.
      tagsToIgnore={[]}
      nothingFound={records.searching ? 'Searching...' : 'Nothing matches your search'}
      highlightQuery
      // SPEC §9: the list of results is at most 300 px high, and scrolls beyond.
      // Arrow keys move through the results from the search field; the list itself can
      // also take focus, so it scrolls from the keyboard (WCAG 2.1.1).
      scrollAreaProps={{ mah: 300, viewportProps: { tabIndex: 0 } }}
      radius="md"
      searchProps={{
        leftSection: <IconSearch size={20} stroke={1.6} />,
        placeholder: 'Search pages and actions...',
        'aria-label': 'Search pages and actions',
      }}
    />
  );
}
