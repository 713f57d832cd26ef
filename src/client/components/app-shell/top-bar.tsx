import { ActionIcon, Burger, Button, Group, Kbd, Text, Title, Tooltip } from '@mantine/core';
import { IconHelpCircle, IconMoon, IconRocket, IconSearch, IconSun } from '@tabler/icons-react';
import { spotlight } from '@mantine/spotlight';
import { Link } from '@tanstack/react-router';
import { useCurrentWorkspace } from '../../features/auth/session.ts';
import { TopBarTimer } from '../../features/time/top-bar-timer.tsx';
import { useModKeyLabel, useModKeyName } from '../shortcut-label.ts';
import { NotificationsPopover } from './notifications-popover.tsx';
import { useThemeToggle } from './use-theme-toggle.ts';

function ThemeToggle() {
  const theme = useThemeToggle();
  const label = theme.dark ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Tooltip label={label}>
      <ActionIcon
        visibleFrom="sm"
        variant="default"
        size="lg"
        onClick={theme.toggle}
        aria-label={label}
      >
        {theme.dark ? <IconSun size={18} stroke={1.6} /> : <IconMoon size={18} stroke={1.6} />}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * Opens the command palette; on wide screens it looks like a search field with its shortcut.
 * Its name is its text, shortcut included ("Search... Ctrl K"), so what is read out or
 * said to a voice control is what is seen; aria-keyshortcuts gives the keys in full.
 */
function SearchButton() {
  const mod = useModKeyLabel();
  const modKey = useModKeyName();
  return (
    <>
      <Button
        visibleFrom="md"
        variant="default"
        w={240}
        justify="flex-start"
        leftSection={<IconSearch size={16} stroke={1.8} />}
        // The label takes the free width, so the shortcut sits at the right edge.
        styles={{ label: { flex: 1 } }}
        onClick={() => spotlight.open()}
        aria-keyshortcuts={`${modKey}+K`}
        fw={400}
      >
        <Group justify="space-between" wrap="nowrap" w="100%">
          <Text size="sm" c="dimmed" component="span">
            Search...
          </Text>
          <Group gap={2} wrap="nowrap">
            <Kbd size="xs">{mod}</Kbd>
            <Kbd size="xs">K</Kbd>
          </Group>
        </Group>
      </Button>
      <Tooltip label="Search">
        <ActionIcon
          hiddenFrom="md"
          variant="default"
          size="lg"
          onClick={() => spotlight.open()}
          aria-label="Search"
        >
          <IconSearch size={18} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

/**
 * The top bar (SPEC §2): the page title, Upgrade Now, search, help, theme and the
 * notifications dropdown; on phones, the menu button that opens the navigation drawer.
 */
export function TopBar({
  title,
  drawerOpened,
  onToggleDrawer,
  onOpenHelp,
}: {
  title: string;
  drawerOpened: boolean;
  onToggleDrawer: () => void;
  onOpenHelp: () => void;
}) {
  const workspace = useCurrentWorkspace();
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Burger
          opened={drawerOpened}
          onClick={onToggleDrawer}
          hiddenFrom="sm"
          size="sm"
          aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
        />
        <Title order={1} fz={{ base: 'md', sm: 'xl' }} lineClamp={1}>
          {title}
        </Title>
      </Group>
      <Group gap={8} wrap="nowrap">
        <TopBarTimer enabled={workspace.data !== undefined && workspace.data !== null} />
        <SearchButton />
        <Button
          visibleFrom="sm"
          variant="gradient"
          leftSection={<IconRocket size={16} stroke={1.8} />}
          renderRoot={(props) => <Link to="/workspace/billing" {...props} />}
        >
          Upgrade Now
        </Button>
        <ActionIcon
          hiddenFrom="sm"
          size="lg"
          variant="gradient"
          aria-label="Upgrade Now"
          renderRoot={(props) => <Link to="/workspace/billing" {...props} />}
        >
          <IconRocket size={18} stroke={1.8} />
        </ActionIcon>
        <Tooltip label="Help Center">
          <ActionIcon
            visibleFrom="sm"
            variant="default"
            size="lg"
            onClick={onOpenHelp}
            aria-label="Help Center"
          >
            <IconHelpCircle size={18} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
        <ThemeToggle />
        <NotificationsPopover />
      </Group>
    </Group>
  );
}
