import { asArrayWithTotal, defineRestRoutes } from '../../plugins/rest-adapter.ts';

const OWN_ENTRIES = "another member's entry, without a role that manages time";
const INVOICED = 'the entry is on an invoice';

export const timeRestRoutes = defineRestRoutes(
  {
    name: 'Time',
    description:
      'Time entries on projects, and each member’s own timer (start, pause, stop into an entry, or discard).',
  },
  [
    {
      method: 'GET',
      path: '/api/time-entries',
      procedure: 'time.list',
      summary: 'List time entries',
      respond: asArrayWithTotal,
    },
    {
      method: 'POST',
      path: '/api/time-entries',
      procedure: 'time.create',
      summary: 'Log time',
      description: "The entry is yours, at the project's hourly rate.",
      status: 201,
      refusals: { 404: 'the project is not of this workspace' },
    },
    {
      method: 'PUT',
      path: '/api/time-entries/{id}',
      procedure: 'time.update',
      summary: 'Update a time entry',
      description: 'Only the fields sent change.',
      refusals: { 403: OWN_ENTRIES, 409: INVOICED },
    },
    {
      method: 'DELETE',
      path: '/api/time-entries/{id}',
      procedure: 'time.delete',
      summary: 'Delete a time entry',
      refusals: { 403: OWN_ENTRIES, 409: INVOICED },
    },
    {
      method: 'GET',
      path: '/api/timer',
      procedure: 'timer.current',
      summary: 'Read your timer',
      description: '`null` when none is running or paused.',
    },
    {
      method: 'POST',
      path: '/api/timer/start',
      procedure: 'timer.start',
      summary: 'Start or resume your timer',
      refusals: {
        404: 'the project is not of this workspace',
        409: 'the project is not active, or your timer runs on another project',
      },
    },
    {
      method: 'POST',
      path: '/api/timer/pause',
      procedure: 'timer.pause',
      summary: 'Pause your timer',
      refusals: { 404: 'no timer is running' },
    },
    {
      method: 'POST',
      path: '/api/timer/stop',
      procedure: 'timer.stop',
      summary: 'Stop your timer into a time entry',
      description: 'Answers the new entry, or `null` when no time ran.',
      refusals: { 404: 'no timer is running' },
    },
    {
      method: 'DELETE',
      path: '/api/timer',
      procedure: 'timer.discard',
      summary: 'Discard your timer',
      refusals: { 404: 'no timer is running' },
    },
  ],
);
