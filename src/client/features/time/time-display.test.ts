import { describe, expect, it } from 'vitest';
import { entryCost } from './time-display.ts';

describe('an entry cost', () => {
  it('is hours × rate rounded half-up to the cent, exactly', () => {
    // As floats, 1.15 × 0.50 is 0.57499999999999996 and rounded to 0.57.
    expect(entryCost({ hours: '1.15', rate: '0.50' })).toBe('0.58');
    expect(entryCost({ hours: '8784.00', rate: '100000.00' })).toBe('878400000.00');
    expect(entryCost({ hours: '0.25', rate: '120.00' })).toBe('30.00');
    expect(entryCost({ hours: '0.00', rate: '99.99' })).toBe('0.00');
  });
});
