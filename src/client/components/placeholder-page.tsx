import { Stack, TextInput } from '@mantine/core';
import { IconPlus, IconSearch, type Icon } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ComingSoonButton } from './coming-soon-button.tsx';
import { EmptyStateCard } from './empty-state-card.tsx';
import { ListPageHeader } from './list/list-page-header.tsx';

export interface PlaceholderPageProps {
  /** The page heading. */
  title: string;
  /** One line under the heading: what the page is for. */
  description: string;
  icon: Icon;
  /** The search box's placeholder; no search box without it. */
  searchPlaceholder?: string;
  /** The create button's label (a disabled "Coming soon" button); no button without it. */
  createLabel?: string;
  /** What the list holds, in the plural ("tasks"), for the empty state. */
  noun?: string;
  /** The empty state's hint when nothing is searched. */
  emptyHint?: string;
  /** Shown between the toolbar and the empty state (e.g. summary cards). */
  children?: ReactNode;
}

/**
 * A page that is not built yet (SPEC §2 "Static placeholders"): a title, a search box
 * and a create button, disabled with "Coming soon" until the feature exists, above an
 * empty state.
 */
export function PlaceholderPage({
  title,
  description,
  icon: PageIcon,
  searchPlaceholder,
  createLabel,
  noun = title.toLowerCase(),
  emptyHint = `Your ${noun} will appear here.`,
  children,
}: PlaceholderPageProps) {
  const [query, setQuery] = useState('');
  const searching = query.trim().length > 0;
  return (
    <Stack gap="lg">
      <ListPageHeader
        title={title}
        description={description}
        action={
          createLabel && (
            <ComingSoonButton leftSection={<IconPlus size={18} stroke={1.8} />}>
              {createLabel}
            </ComingSoonButton>
          )
        }
      />
      {searchPlaceholder && (
        <TextInput
          placeholder={searchPlaceholder}
          aria-label={searchPlaceholder.replace(/\.+$/, '')}
          leftSection={<IconSearch size={16} stroke={1.8} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          maw={{ base: '100%', sm: 360 }}
        />
      )}
      {children}
      <EmptyStateCard
        icon={<PageIcon size={26} stroke={1.5} />}
        title={searching ? `No ${noun} found` : `No ${noun} yet`}
        description={searching ? 'Try adjusting your search.' : emptyHint}
      />
    </Stack>
  );
}
