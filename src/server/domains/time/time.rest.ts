import { asArrayWithTotals, defineRestRoutes } from '../../plugins/rest-adapter.ts';

const OWN_ENTRIES = "another member's entry, without a role that manages time";
const INVOICED = 'the entry is on an invoice';
const LOCKED = "the week's timesheet is approved and locked";

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
      description:
        'The time log, most recent work first. Filters combine; `from` and `to` are inclusive. The whole filtered log’s hours and money (hours × each entry’s stored rate) travel in `X-Total-Hours` and `X-Total-Amount`.',
      respond: asArrayWithTotals({
        'X-Total-Hours': {
          field: 'totalHours',
          description: 'Hours of the whole filtered log, a decimal string with two decimals.',
        },
        'X-Total-Amount': {
          field: 'totalAmount',
          description:
            'Money of the whole filtered log: the sum of hours × the rate stored on each entry (rounded per entry), two decimals.',
        },
      }),
    },
    {
      method: 'POST',
      path: '/api/time-entries',
      procedure: 'time.create',
      summary: 'Log time',
      description:
        "The entry is yours, at the rates in force for you on the project that day (rate cards, else the project's hourly rate and a cost of 0), stored on it as `rate` and `costRate`.",
      status: 201,
      refusals: {
        404: 'the project, or the task on that project, is not of this workspace',
        409: LOCKED,
      },
    },
    {
      method: 'PUT',
      path: '/api/time-entries/{id}',
      procedure: 'time.update',
      summary: 'Update a time entry',
      description:
        'Only the fields sent change. Moved to another project without a `taskId`, the entry leaves its task.',
      refusals: {
        403: OWN_ENTRIES,
        404: 'the entry, the project or the task on that project is not of this workspace',
        409: `${INVOICED}, or ${LOCKED} (the entry's week or the week it moves to)`,
      },
    },
    {
      method: 'DELETE',
      path: '/api/time-entries/{id}',
      procedure: 'time.delete',
      summary: 'Delete a time entry',
      refusals: { 403: OWN_ENTRIES, 409: `${INVOICED}, or ${LOCKED}` },
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
      description:
        'A `taskId` (a task of the project) and `description` go with the timer into the entry it stops into.',
      refusals: {
        404: 'the project, or the task on that project, is not of this workspace',
        409: 'the project is not active, or your timer runs on another project',
      },
    },
    {
      method: 'PUT',
      path: '/api/timer',
      procedure: 'timer.update',
      summary: 'Change your timer’s task or description',
      description: 'Only the fields sent change; the project stays.',
      refusals: { 404: 'no timer is running, or the task is not of its project' },
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
      refusals: { 404: 'no timer is running', 409: `${LOCKED} (the timer keeps running)` },
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
