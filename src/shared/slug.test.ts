import { describe, expect, it } from 'vitest';
import { slugify, stageKey } from './slug.ts';

describe('slugify (SPEC §5)', () => {
  it.each([
    ['Acme Inc', 'acme-inc'],
    ['  Bright & Co.  Design!! ', 'bright-co-design'],
    ['Hello---World', 'hello-world'],
    ['-Leading and trailing-', 'leading-and-trailing'],
    ['Café Zürich 2', 'café-zürich-2'],
    ['!!!', ''],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('stageKey (SPEC §5)', () => {
  it.each([
    ['Meeting Scheduled', 'meeting_scheduled'],
    ['  Proposal   Sent ', 'proposal_sent'],
    ['Won', 'won'],
  ])('%s → %s', (label, key) => {
    expect(stageKey(label)).toBe(key);
  });
});
