import { describe, expect, it } from 'vitest';
import { entryCost, roundedFrom } from './time-display.ts';

describe('an entry cost', () => {
  it('is hours × rate rounded half-up to the cent, exactly', () => {
    // As floats, 1.15 × 0.50 is 0.57499999999999996 and rounded to 0.57.
    expect(entryCost({ hours: '1.15', rate: '0.50' })).toBe('0.58');
    expect(entryCost({ hours: '8784.00', rate: '100000.00' })).toBe('878400000.00');
    expect(entryCost({ hours: '0.25', rate: '120.00' })).toBe('30.00');
    expect(entryCost({ hours: '0.00', rate: '99.99' })).toBe('0.00');
  });
});

describe('a rounded timed entry', () => {
  it('says the run it was rounded from as h:mm:ss, and nothing when it was not rounded', () => {
    expect(roundedFrom({ roundedFromSeconds: 22 })).toBe('rounded from 0:00:22');
    expect(roundedFrom({ roundedFromSeconds: 449 })).toBe('rounded from 0:07:29');
    expect(roundedFrom({ roundedFromSeconds: 37_230 })).toBe('rounded from 10:20:30');
    expect(roundedFrom({ roundedFromSeconds: null })).toBeNull();
  });
});
