/*
 * Amounts in hundredths as integers, for tests that work out the figures they expect
 * themselves (with their own arithmetic, not the server's).
 */

/** '1.25' → 125; digits past the second are dropped. */
export const cents = (value: string) => {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
};

/** 125 → '1.25', as the API writes a non-negative amount. */
export const fromCents = (value: number) =>
  `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
