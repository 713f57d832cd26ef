import { describe, expect, it } from 'vitest';
import { TIME_ENTRY_FIELDS, TimeEntryInputSchema } from '../../../shared/time.schema.ts';
import { LogTimeFormSchema, logTimeDefaults } from './log-time-form.schema.ts';

/* Issue 37 item 11: the Log Time form's rules and defaults come from TIME_ENTRY_FIELDS. */

describe('the Log Time form', () => {
  it('every described field is a rule of the API', () => {
    for (const name of Object.keys(TIME_ENTRY_FIELDS))
      expect(Object.keys(TimeEntryInputSchema.shape), name).toContain(name);
  });

  it('a new entry: the project it was logged from, nothing else but the day', () => {
    const defaults = logTimeDefaults(null, 4);
    expect(defaults).toMatchObject({ projectId: 4, taskId: null, hours: '', description: '' });
    expect(defaults.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const result = LogTimeFormSchema.safeParse(logTimeDefaults(null, null));
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['projectId', 'Project is required'],
      ['hours', 'Hours is required'],
    ]);
  });

  it('a saved entry submits its values, never how it was logged', () => {
    const submitted = LogTimeFormSchema.parse(
      logTimeDefaults(
        {
          id: 1,
          projectId: 4,
          userId: 2,
          description: 'Call',
          hours: '1.50',
          date: '2026-11-20',
          isTimer: true,
          rate: '120.00',
          costRate: null,
          invoiceId: null,
          createdAt: '2026-11-20T10:00:00.000Z',
          project: { name: 'Website', hourlyRate: '120.00' },
          user: { fullName: 'Jane Doe' },
          taskId: 9,
          task: { id: 9, title: 'Design' },
        } as Parameters<typeof logTimeDefaults>[0],
        null,
      ),
    );
    expect(submitted).toEqual({
      projectId: 4,
      taskId: 9,
      hours: '1.50',
      date: '2026-11-20',
      description: 'Call',
    });
  });

  it('hours below 0 keep the SPEC message', () => {
    const result = LogTimeFormSchema.safeParse({ ...logTimeDefaults(null, 4), hours: -1 });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Number must be greater than or equal to 0',
    ]);
  });
});
