import type { SpotlightActionData, SpotlightActionGroupData } from '@mantine/spotlight';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { IconAddressBook, IconBuilding, IconTargetArrow } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useCurrentWorkspace } from '../../features/auth/session.ts';
import { trpc } from '../../trpc.ts';
import { useMoney } from '../../components/money.tsx';

/** Records found per kind: enough to pick from, few enough to keep the palette short. */
const RESULTS_PER_KIND = 5;
/** Searching starts at two characters, once typing pauses. */
const MIN_QUERY_LENGTH = 2;
const DEBOUNCE_MS = 250;
const ICON_SIZE = 18;

export const RECORD_GROUPS = ['Contacts', 'Organizations', 'Deals'] as const;

/**
 * Contacts, organizations and deals whose name matches the palette's query, searched on
 * the server (the lists can hold thousands). Choosing one opens its list page filtered
 * by that name (`?q=`).
 */
export function usePaletteRecords(query: string): {
  groups: SpotlightActionGroupData[];
  searching: boolean;
} {
  const formatMoney = useMoney();
  const navigate = useNavigate();
  const current = useCurrentWorkspace();
  const [debounced] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  // Without a workspace (e.g. on /account) there is nothing to search.
  const enabled = debounced.length >= MIN_QUERY_LENGTH && current.status === 'success';
  const input = { search: debounced, limit: RESULTS_PER_KIND };
  const options = { enabled, placeholderData: keepPreviousData };
  const contacts = trpc.contacts.list.useQuery(input, options);
  const organizations = trpc.organizations.list.useQuery(input, options);
  const deals = trpc.leads.list.useQuery(input, options);

  if (!enabled) return { groups: [], searching: false };

  const icon = (Icon: typeof IconAddressBook) => <Icon size={ICON_SIZE} stroke={1.6} />;
  const found: [string, SpotlightActionData[]][] = [
    [
      'Contacts',
      (contacts.data?.items ?? []).map((person) => ({
        id: `contact-${person.id}`,
        label: person.fullName,
        description: [person.email, person.company?.name].filter(Boolean).join(' · '),
        leftSection: icon(IconAddressBook),
        onClick: () => void navigate({ to: '/contacts', search: { q: person.fullName } }),
      })),
    ],
    [
      'Organizations',
      (organizations.data?.items ?? []).map((organization) => ({
        id: `organization-${organization.id}`,
        label: organization.name,
        description: `${organization.peopleCount} ${organization.peopleCount === 1 ? 'person' : 'people'}`,
        leftSection: icon(IconBuilding),
        onClick: () => void navigate({ to: '/organizations', search: { q: organization.name } }),
      })),
    ],
    [
      'Deals',
      (deals.data?.items ?? []).map((lead) => ({
        id: `deal-${lead.id}`,
        label: lead.dealName,
        description: [lead.company?.name ?? lead.person?.fullName, formatMoney(lead.value)]
          .filter(Boolean)
          .join(' · '),
        leftSection: icon(IconTargetArrow),
        onClick: () => void navigate({ to: '/opportunities', search: { q: lead.dealName } }),
      })),
    ],
  ];
  return {
    groups: found
      .filter(([, actions]) => actions.length > 0)
      .map(([group, actions]) => ({ group, actions })),
    searching: contacts.isFetching || organizations.isFetching || deals.isFetching,
  };
}
