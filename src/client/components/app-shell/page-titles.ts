/** Top-bar titles by path (SPEC §2: "page title by path, default Dashboard"). */
const PAGE_TITLES: Record<string, string> = {
  '/': 'Dashboard',
  '/opportunities': 'Opportunities',
  '/contacts': 'Contacts',
  '/organizations': 'Organizations',
  '/projects': 'Projects',
  '/tasks': 'Tasks',
  '/time-tracking': 'Time Tracking',
  '/timesheets': 'Timesheets',
  '/resourcing': 'Resourcing',
  '/invoices': 'Invoices',
  '/credit-notes': 'Credit Notes',
  '/recurring-invoices': 'Recurring Invoices',
  '/clients': 'Clients',
  '/proposals': 'Proposals',
  '/estimates': 'Estimates',
  '/contracts': 'Contracts',
  '/forms': 'Forms',
  '/scheduling': 'Scheduling',
  '/services': 'Services',
  '/portal': 'Client Portal',
  '/financial-overview': 'Financial Overview',
  '/payments': 'Payments',
  '/income': 'Income',
  '/expenses': 'Expenses',
  '/banking': 'Banking',
  '/reports': 'Reports',
  '/rate-cards': 'Rate Cards',
  '/team': 'Team Management',
  '/workspace/settings': 'Workspace Settings',
  '/workspace/billing': 'Billing',
  '/settings': 'Settings',
  '/account': 'Account Settings',
};

/** The path without a trailing slash (`/` stays `/`). */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function pageTitleFor(pathname: string): string {
  const path = normalisePath(pathname);
  // A record's page (/invoices/42, /clients/7) is titled by its list.
  return PAGE_TITLES[path] ?? PAGE_TITLES[path.replace(/\/[^/]+$/, '')] ?? 'Dashboard';
}
