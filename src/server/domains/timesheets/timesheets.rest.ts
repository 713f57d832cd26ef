import { defineRestRoutes } from '../../plugins/rest-adapter.ts';

const MEMBER = 'the member is not of this workspace';
const OWN_WEEK = 'your own week while another member who manages time could review it';

export const timesheetsRestRoutes = defineRestRoutes(
  {
    name: 'Timesheets',
    description:
      "Each member's week (ISO, Monday to Sunday) of time as a grid of projects and tasks by day, submitted by the member and approved or rejected by a role that manages time. An approved week is locked: its time entries cannot be logged, edited or deleted (409) until it is unlocked.",
  },
  [
    {
      method: 'GET',
      path: '/api/timesheets',
      procedure: 'timesheets.get',
      summary: "Read a member's week",
      description:
        '`week` is any date of the week (answered as its Monday); `userId` defaults to you. Its status is `open` until it is submitted.',
      refusals: {
        403: "another member's week, without a role that manages time",
        404: MEMBER,
      },
    },
    {
      method: 'GET',
      path: '/api/timesheets/pending',
      procedure: 'timesheets.pending',
      summary: 'List weeks awaiting approval',
    },
    {
      method: 'POST',
      path: '/api/timesheets/submit',
      procedure: 'timesheets.submit',
      summary: 'Submit your week for approval',
      refusals: { 409: 'the week is already submitted or approved' },
    },
    {
      method: 'POST',
      path: '/api/timesheets/approve',
      procedure: 'timesheets.approve',
      summary: "Approve and lock a member's week",
      description: 'Written to the activity log.',
      refusals: { 403: OWN_WEEK, 404: MEMBER, 409: 'the week is not submitted' },
    },
    {
      method: 'POST',
      path: '/api/timesheets/reject',
      procedure: 'timesheets.reject',
      summary: "Reject a member's week with a comment",
      description: 'The member may change it and submit it again. Written to the activity log.',
      refusals: { 403: OWN_WEEK, 404: MEMBER, 409: 'the week is not submitted' },
    },
    {
      method: 'POST',
      path: '/api/timesheets/unlock',
      procedure: 'timesheets.unlock',
      summary: 'Unlock an approved week',
      description: 'The week becomes open again. Written to the activity log.',
      refusals: { 403: OWN_WEEK, 404: MEMBER, 409: 'the week is not approved' },
    },
    {
      method: 'PUT',
      path: '/api/timesheets/cell',
      procedure: 'timesheets.setCell',
      summary: 'Set your hours on a project (or task) for a day',
      description:
        "Logs, changes or deletes your time so the cell holds `hours`: the difference goes to the cell's latest unbilled entry, or a new entry when there is none. Answers the week.",
      refusals: {
        404: 'the project or task is not of this workspace',
        409: 'the week is submitted or approved, or the cell holds invoiced or several entries that cannot absorb the change',
      },
    },
  ],
);
