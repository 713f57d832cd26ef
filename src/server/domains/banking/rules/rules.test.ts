import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BankRule,
  BankRuleInputSchema,
  BankRuleSchema,
} from '../../../../shared/banking.schema.ts';
import { applyRules, explainRule, type RuleTransaction } from './index.ts';

function tx(overrides: Partial<RuleTransaction> = {}): RuleTransaction {
  return {
    amount: '-59.99',
    counterpartyName: 'ADOBE SYSTEMS SOFTWARE',
    counterpartyIban: 'IE29AIBK93115212345678',
    reference: 'NOTPROVIDED',
    remittance: 'Creative Cloud 03/2026',
    ...overrides,
  };
}

let nextId = 1;
function rule(overrides: Partial<BankRule> & Partial<BankRule['conditions']> = {}): BankRule {
  const { field, contains, amountMin, amountMax, direction, ...rest } = overrides;
  const id = nextId++;
  return {
    id,
    name: `Rule ${id}`,
    position: id,
    enabled: true,
    action: { type: 'categorise', categoryId: 3 },
    ...rest,
    conditions: {
      field: field ?? 'counterparty',
      contains: contains ?? 'adobe',
      amountMin: amountMin ?? null,
      amountMax: amountMax ?? null,
      direction: direction ?? null,
    },
  };
}

describe('BankRuleInputSchema', () => {
  it('takes a rule as a form sends it, amounts as numbers or strings, enabled by default', () => {
    const parsed = BankRuleInputSchema.parse({
      name: ' Adobe ',
      conditions: { field: 'any', contains: ' Adobe ', amountMin: 10, amountMax: '100.00' },
      action: { type: 'categorise', categoryId: '3' },
    });
    expect(parsed).toEqual({
      name: 'Adobe',
      conditions: { field: 'any', contains: 'Adobe', amountMin: '10', amountMax: '100.00' },
      action: { type: 'categorise', categoryId: 3 },
      enabled: true,
    });
  });

  it('refuses an empty text, a range upside down, a negative bound and an unknown action', () => {
    const base = { name: 'Rule', action: { type: 'ignore' } };
    const problems = (value: unknown) =>
      BankRuleInputSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(problems({ ...base, conditions: { field: 'any', contains: '  ' } })).toEqual([
      ['conditions.contains', 'Enter the text to look for'],
    ]);
    expect(
      problems({
        ...base,
        conditions: { field: 'any', contains: 'x', amountMin: '100', amountMax: '99.99' },
      }),
    ).toEqual([['conditions.amountMax', 'The minimum amount must not be more than the maximum']]);
    expect(
      problems({ ...base, conditions: { field: 'any', contains: 'x', amountMin: '-5' } }),
    ).toHaveLength(1);
    expect(
      problems({
        ...base,
        action: { type: 'delete' },
        conditions: { field: 'any', contains: 'x' },
      }),
    ).toHaveLength(1);
  });

  it('describes a saved rule', () => {
    expect(BankRuleSchema.parse(rule({ id: 1, position: 0 }))).toMatchObject({ id: 1 });
  });
});

describe('applyRules', () => {
  it('finds the text in the field, in any case and with any accents', () => {
    expect(applyRules(tx(), [rule({ contains: 'Adobe' })])?.action).toEqual({
      type: 'categorise',
      categoryId: 3,
    });
    expect(
      applyRules(tx({ counterpartyName: 'Café Kranzler' }), [rule({ contains: 'CAFE' })]),
    ).not.toBeNull();
    expect(applyRules(tx(), [rule({ field: 'reference', contains: 'adobe' })])).toBeNull();
    expect(
      applyRules(tx(), [rule({ field: 'remittance', contains: 'creative  cloud' })]),
    ).not.toBeNull();
    expect(applyRules(tx(), [rule({ field: 'any', contains: 'notprovided' })])).not.toBeNull();
  });

  it('finds a counterparty by IBAN, with or without its spaces', () => {
    const own = rule({ contains: 'IE29 AIBK 9311 5212 3456 78', action: { type: 'ignore' } });
    expect(applyRules(tx(), [own])?.action).toEqual({ type: 'ignore' });
    expect(applyRules(tx({ counterpartyIban: null }), [own])).toBeNull();
  });

  it('compares the amount without its sign, both bounds included, exactly', () => {
    const ranged = (amount: string) =>
      applyRules(tx({ amount }), [rule({ amountMin: '10.00', amountMax: '59.99' })]) !== null;
    expect(['-59.99', '59.99', '10', '-10.000', '25.5'].map(ranged)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['-60.00', '60', '9.99', '59.991'].map(ranged)).toEqual([false, false, false, false]);
  });

  it('tells money in from money out', () => {
    const out = rule({ direction: 'out' });
    const incoming = rule({ direction: 'in' });
    expect(applyRules(tx({ amount: '-5.00' }), [incoming, out])?.rule).toBe(out);
    expect(applyRules(tx({ amount: '5.00' }), [out, incoming])?.rule).toBe(incoming);
    expect(applyRules(tx({ amount: '0.00' }), [out, incoming])).toBeNull();
  });

  it('skips disabled rules and takes the first by position, then id', () => {
    const disabled = rule({ position: 0, enabled: false, action: { type: 'ignore' } });
    const second = rule({ position: 5, action: { type: 'categorise', categoryId: 2 } });
    const first = rule({ position: 1, action: { type: 'categorise', categoryId: 1 } });
    expect(applyRules(tx(), [disabled, second, first])?.rule).toBe(first);
    const tieLow = rule({ id: 100, position: 9 });
    const tieHigh = rule({ id: 200, position: 9 });
    expect(applyRules(tx(), [tieHigh, tieLow])?.rule).toBe(tieLow);
    expect(applyRules(tx(), [])).toBeNull();
  });

  it('takes the first rule that applies, in order, for any rules (property)', () => {
    const RULES = fc.array(
      fc.record({
        id: fc.integer({ min: 1, max: 1000 }),
        position: fc.integer({ min: 0, max: 5 }),
        enabled: fc.boolean(),
        contains: fc.constantFrom('adobe', 'cloud', 'acme', 'ie29'),
        field: fc.constantFrom('counterparty', 'reference', 'remittance', 'any' as const),
        direction: fc.constantFrom(null, 'in' as const, 'out' as const),
        amountMax: fc.constantFrom(null, '10', '59.99', '100'),
      }),
      { maxLength: 8 },
    );
    const AMOUNT = fc.constantFrom('-59.99', '59.99', '-5', '120.00');
    fc.assert(
      fc.property(RULES, AMOUNT, (specs, amount) => {
        const rules = specs.map((spec, index) =>
          rule({ ...spec, id: spec.id * 10 + index, name: 'R' }),
        );
        const t = tx({ amount });
        const found = applyRules(t, rules);
        const applying = rules.filter((r) => r.enabled && applyRules(t, [r]) !== null);
        if (applying.length === 0) {
          expect(found).toBeNull();
          return;
        }
        expect(found).not.toBeNull();
        // Every rule that applies comes at or after the one chosen.
        for (const other of applying) {
          const before =
            other.position < found!.rule.position ||
            (other.position === found!.rule.position && other.id < found!.rule.id);
          expect(before).toBe(false);
        }
        // The input's order changes nothing.
        expect(applyRules(t, [...rules].reverse())?.rule).toBe(found!.rule);
      }),
    );
  });
});

describe('explainRule', () => {
  const names = (id: number) => (id === 3 ? 'Software' : undefined);

  it('says the rule in one sentence', () => {
    expect(
      explainRule(rule({ contains: 'Adobe', amountMin: '10', amountMax: '100.00' }), names),
    ).toBe(
      'When the counterparty contains "Adobe" and the amount is between 10.00 and 100.00, categorise as Software',
    );
    expect(
      explainRule(
        rule({ field: 'any', contains: 'Savings', direction: 'out', action: { type: 'ignore' } }),
      ),
    ).toBe(
      'When money goes out and the counterparty, reference or remittance text contains "Savings", mark as ignored',
    );
    expect(
      explainRule(
        rule({
          field: 'remittance',
          contains: 'Rent',
          direction: 'out',
          amountMin: '1250.5',
          action: { type: 'categorise', categoryId: 8 },
        }),
        names,
      ),
    ).toBe(
      'When money goes out, the remittance text contains "Rent" and the amount is at least 1,250.50, categorise as category #8',
    );
    expect(
      explainRule(rule({ field: 'reference', contains: 'X', amountMax: '0.125' }), names),
    ).toBe(
      'When the reference contains "X" and the amount is at most 0.125, categorise as Software',
    );
  });
});
