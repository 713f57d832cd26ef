import { defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const resourcingRestRoutes = defineRestRoutes(
  {
    name: 'Resourcing',
    description:
      "Each member's weekly capacity against the hours they logged and the estimates of their open tasks.",
  },
  [
    {
      method: 'GET',
      path: '/api/resourcing',
      procedure: 'resourcing.get',
      summary: 'Read capacity, logged hours and planned work per member per week',
      description:
        "From the Monday on or before `from` (default this week's, in the workspace's time zone), `weeks` weeks (at most 26, default 8). Per active member and week: `loggedHours` (time entries dated that week), `plannedHours` (estimates of tasks assigned to them, not in a done status, due that week; open tasks without a due date count in the current week), their sum `bookedHours`, and `overbooked` when it passes the member's `capacityHours`. Owners, partners, administrators and project managers see every member; others only themselves.",
    },
    {
      method: 'PUT',
      path: '/api/team/members/{id}/capacity',
      procedure: 'resourcing.setCapacity',
      summary: "Set a member's weekly capacity",
      description:
        '`capacityHours` from 0 to 168 (default 40). Owners, partners, administrators and project managers set it for any member, themselves included.',
      refusals: { 404: 'no member has this id in the workspace' },
    },
  ],
);
