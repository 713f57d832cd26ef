/**
 * A form-encoded submission as the JSON one reads: `answers[key]=value` pairs become
 * `answers.key` (a key sent more than once, as a multiple choice's checkboxes are, becomes
 * a list); `_token`, `_hp` and `pageUrl` stay as they are; anything else is dropped.
 */
export function parseFormSubmissionBody(text: string) {
  const params = new URLSearchParams(text);
  const answers: Record<string, string | string[]> = Object.create(null);
  const body: Record<string, unknown> = { answers };
  for (const [name, value] of params) {
    const match = /^answers\[([A-Za-z][A-Za-z0-9_]{0,39})\](\[\])?$/.exec(name);
    if (match) {
      const key = match[1]!;
      const previous = answers[key];
      if (previous === undefined) answers[key] = match[2] ? [value] : value;
      else answers[key] = [...(Array.isArray(previous) ? previous : [previous]), value];
    } else if (name === '_token' || name === '_hp' || name === 'pageUrl') {
      body[name] = value;
    }
  }
  return { ...body, answers: { ...answers } };
}
