import { describe, expect, it } from 'vitest';
import type { Lead } from '../../../shared/pipeline.schema.ts';
import { summarize, summarizePipeline } from './lead-view.ts';

const lead = (id: number, value: string, probability: number, stage = 'new'): Lead => ({
  id,
  dealName: `Deal ${id}`,
  stage,
  value,
  description: null,
  probability,
  closeDate: null,
  lastContact: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  personId: null,
  companyId: null,
  assignedUserId: null,
  person: null,
  company: null,
  owner: null,
  tags: [],
});

describe('the pipeline figures', () => {
  it('add the values exactly', () => {
    // As floats, 0.10 + 0.20 is 0.30000000000000004.
    expect(summarize([lead(1, '0.10', 50), lead(2, '0.20', 50)])).toMatchObject({
      count: 2,
      total: '0.30',
    });
    const many = Array.from({ length: 1000 }, (_, i) => lead(i, '99999999.99', 100));
    expect(summarize(many).total).toBe('99999999990.00');
    expect(summarize([])).toEqual({ count: 0, total: '0.00', weighted: '0.00' });
  });

  it('weigh each value by its probability and round once, half-up, on the sum', () => {
    // 1.15 × 50 % = 0.575: a float gives 0.57499999999999996, shown as $0.57.
    expect(summarize([lead(1, '1.15', 50)]).weighted).toBe('0.58');
    // 0.01 × 50 % three times is 0.015 → 0.02, where rounding each deal would give 0.03.
    expect(
      summarize([lead(1, '0.01', 50), lead(2, '0.01', 50), lead(3, '0.01', 50)]).weighted,
    ).toBe('0.02');
  });

  it('leave won and lost deals out of the open pipeline', () => {
    const { open, won } = summarizePipeline([
      lead(1, '100.10', 10),
      lead(2, '200.20', 100, 'won'),
      lead(3, '300.30', 0, 'lost'),
    ]);
    expect(open).toEqual({ count: 1, total: '100.10', weighted: '10.01' });
    expect(won).toEqual({ count: 1, total: '200.20', weighted: '200.20' });
  });
});
