import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/server/openapi.ts';

/*
 * What Redocly's rules cannot see in the document served at /api/openapi.json. The rules
 * themselves (DESIGN §1) run as `npm run lint:api` (scripts/lint-api.ts, redocly.yaml), in
 * CI and `npm test`, on the document a built app serves.
 */

const document = openApiDocument('http://127.0.0.1:3000');

describe('the OpenAPI document', () => {
  it('gives every JSON success answer a schema (a procedure without .output() has none)', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths as Record<string, any>)) {
      for (const [method, op] of Object.entries(item as Record<string, any>)) {
        for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
          const schema = response.content?.['application/json']?.schema;
          if (status.startsWith('2') && schema && Object.keys(schema).length === 0) {
            missing.push(`${method.toUpperCase()} ${path}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
