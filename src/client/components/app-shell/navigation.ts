import {
  IconUserDollar,
  IconAddressBook,
  IconBriefcase,
  IconBuilding,
  IconBuildingBank,
  IconBuildingCommunity,
  IconCalculator,
  IconCalendarEvent,
  IconCalendarTime,
  IconCashBanknote,
  IconChartPie,
  IconChecklist,
  IconClockHour4,
  IconCreditCard,
  IconDeviceDesktop,
  IconFileDescription,
  IconFileInvoice,
  IconFolders,
  IconForms,
  IconHome,
  IconReceipt,
  IconReceiptRefund,
  IconReportAnalytics,
  IconReportMoney,
  IconRepeat,
  IconSettings,
  IconShieldLock,
  IconSignature,
  IconTargetArrow,
  IconTools,
  IconTrendingUp,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { LinkProps } from '@tanstack/react-router';
import { normalisePath } from './page-titles.ts';

/** A path of the route tree, so a link to a page that does not exist fails to compile. */
export type AppPath = Exclude<NonNullable<LinkProps['to']>, '.' | '..'>;

export interface NavItem {
  label: string;
  to: AppPath;
  icon: Icon;
}

export interface NavGroup {
  label: string;
  icon: Icon;
  items: NavItem[];
}

export const HOME_ITEM: NavItem = { label: 'Home', to: '/', icon: IconHome };

/**
 * The three flyout groups of the rail (SPEC §2), in SPEC order. Projects, Time Tracking,
 * Invoices and Proposals are enabled although SPEC flags them: Keel builds them for real.
 */
export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Organization Management',
    icon: IconBuildingCommunity,
    items: [
      { label: 'Contacts', to: '/contacts', icon: IconAddressBook },
      { label: 'Organizations', to: '/organizations', icon: IconBuilding },
      { label: 'Clients', to: '/clients', icon: IconUserDollar },
      { label: 'Deals', to: '/opportunities', icon: IconTargetArrow },
      { label: 'Estimates', to: '/estimates', icon: IconCalculator },
      { label: 'Proposals', to: '/proposals', icon: IconFileDescription },
      { label: 'Contracts', to: '/contracts', icon: IconSignature },
      { label: 'Forms', to: '/forms', icon: IconForms },
      { label: 'Scheduling', to: '/scheduling', icon: IconCalendarEvent },
      { label: 'Services', to: '/services', icon: IconTools },
      { label: 'Client Portal', to: '/portal', icon: IconDeviceDesktop },
    ],
  },
  {
    label: 'Project Management',
    icon: IconBriefcase,
    items: [
      { label: 'Projects', to: '/projects', icon: IconFolders },
      { label: 'Tasks', to: '/tasks', icon: IconChecklist },
      { label: 'Time Tracking', to: '/time-tracking', icon: IconClockHour4 },
      { label: 'Timesheets', to: '/timesheets', icon: IconCalendarTime },
      { label: 'Resourcing', to: '/resourcing', icon: IconUsersGroup },
    ],
  },
  {
    label: 'Financial Management',
    icon: IconReportMoney,
    items: [
      { label: 'Overview', to: '/financial-overview', icon: IconChartPie },
      { label: 'Invoices', to: '/invoices', icon: IconFileInvoice },
      { label: 'Credit Notes', to: '/credit-notes', icon: IconReceiptRefund },
      { label: 'Recurring Invoices', to: '/recurring-invoices', icon: IconRepeat },
      { label: 'Payments', to: '/payments', icon: IconCreditCard },
      { label: 'Income', to: '/income', icon: IconTrendingUp },
      { label: 'Expenses', to: '/expenses', icon: IconReceipt },
      { label: 'Banking', to: '/banking', icon: IconBuildingBank },
      { label: 'Reports', to: '/reports', icon: IconReportAnalytics },
      { label: 'Rate Cards', to: '/rate-cards', icon: IconCashBanknote },
    ],
  },
];

export interface WorkspaceLink extends NavItem {
  adminOnly?: boolean;
}

/** The links of the workspace-settings menu (SPEC §2), after the switcher. */
export const WORKSPACE_LINKS: WorkspaceLink[] = [
  { label: 'Team Management', to: '/team', icon: IconUsers },
  { label: 'Admin Panel', to: '/admin', icon: IconShieldLock, adminOnly: true },
  { label: 'Workspace Settings', to: '/workspace/settings', icon: IconSettings },
  { label: 'Billing', to: '/workspace/billing', icon: IconCreditCard },
];

export function workspaceLinksFor(isAdmin: boolean): WorkspaceLink[] {
  return WORKSPACE_LINKS.filter((link) => isAdmin || !link.adminOnly);
}

/** Whether `pathname` is the page of `to` (or, for sections like /admin, below it). */
export function isActivePath(pathname: string, to: string): boolean {
  const path = normalisePath(pathname);
  if (to === '/') return path === '/';
  return path === to || path.startsWith(`${to}/`);
}

export function groupIsActive(group: NavGroup, pathname: string): boolean {
  return group.items.some((item) => isActivePath(pathname, item.to));
}
