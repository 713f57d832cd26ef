/**
 * What a Keel user does through the REST API, for the server bench's "users' state" and
 * "mixed" scenarios (bench/server.ts): sign up, add contacts one by one, import a contact
 * file in batches as the import dialog sends it, and a member's writes in a loop. Only the
 * public API: whatever it costs a user, it costs here.
 */
import {
  IMPORT_BATCH_SIZE,
  type ImportResult,
  type ImportRow,
  type Person,
} from '../src/shared/contacts.schema.ts';
import {
  companyName,
  JOB_TITLES,
  personName,
  phone,
  random,
  slugPart,
} from '../scripts/seed/common.ts';

export interface Account {
  fullName: string;
  email: string;
  password: string;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function send(
  url: string,
  path: string,
  cookie: string | undefined,
  method: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${url}${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal,
  });
}

async function expectStatus(res: Response, status: number, what: string): Promise<void> {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${await res.text()}`);
}

/** `expectStatus`, then the body read off, so the connection is free for the next request. */
async function expectAnswer(res: Response, status: number, what: string): Promise<void> {
  await expectStatus(res, status, what);
  await res.arrayBuffer();
}

/**
 * A new account with a workspace of its own, signed in, as the sign-up screens make it:
 * sign-up leaves no workspace selected, creating one makes it the session's current one
 * (so no X-Workspace-Id header is needed: that is for API tokens). Returns the cookie.
 */
export async function signUp(url: string, account: Account, workspace: string): Promise<string> {
  const signup = await send(url, '/api/auth/signup', undefined, 'POST', account);
  const cookie = signup.headers.getSetCookie().find((c) => c.startsWith('keel.sid='));
  await expectAnswer(signup, 201, 'sign-up');
  if (!cookie) throw new Error('sign-up set no session cookie');
  const session = cookie.split(';')[0]!;
  const created = await send(url, '/api/workspaces', session, 'POST', { name: workspace });
  await expectAnswer(created, 201, 'workspace');
  return session;
}

/**
 * `count` contacts as a real address book has them: names from the seeder's lists, most
 * with an email (unique: `tag` and the row number are in it), many with a phone and a job
 * title, about 60% at one of count/8 organizations (so companies repeat, as in a CRM
 * export), a few with notes.
 */
export function contactRows(count: number, tag: string, seed = 7): ImportRow[] {
  const rng = random(seed);
  const companies = Array.from({ length: Math.max(1, Math.ceil(count / 8)) }, (_, i) =>
    companyName(rng, i + 1),
  );
  const freeMail = ['mail.example.com', 'inbox.example.org', 'post.example.net'];
  return Array.from({ length: count }, (_, i) => {
    const name = personName(rng);
    const organization = rng.chance(0.6) ? rng.pick(companies) : undefined;
    const domain = organization ? `${slugPart(organization)}.example.com` : rng.pick(freeMail);
    const row: ImportRow = { fullName: name.full };
    if (rng.chance(0.9)) {
      row.email = `${slugPart(name.first)}.${slugPart(name.last)}.${tag}${i + 1}@${domain}`;
    }
    if (rng.chance(0.7)) row.phone = phone(rng);
    if (organization) row.organization = organization;
    if (rng.chance(organization ? 0.85 : 0.3)) row.jobTitle = rng.pick(JOB_TITLES);
    if (rng.chance(0.1)) row.notes = 'Met at a trade fair; prefers a call in the morning.';
    return row;
  });
}

/**
 * Adds contacts one at a time, as the Add Contact dialog does (a create names an existing
 * organization by id, so the organization column is left out).
 */
export async function createContacts(url: string, cookie: string, rows: ImportRow[]) {
  for (const { organization: _organization, ...person } of rows) {
    const res = await send(url, '/api/persons', cookie, 'POST', person);
    await expectAnswer(res, 201, 'create contact');
  }
}

export interface ImportFigures {
  rows: number;
  created: number;
  calls: number;
  /** Answers 429 (the workspace's heavy-request slots busy), each waited out and resent. */
  refused: number;
  seconds: number;
}

/**
 * Imports `rows` as the import dialog sends a file: batches of IMPORT_BATCH_SIZE, one after
 * another, numbered as the file's rows (row 1 is the header) under one import id. A batch
 * over 100 rows is a heavy request: a 429 is waited out for its Retry-After, then resent.
 */
export async function importContacts(
  url: string,
  cookie: string,
  rows: ImportRow[],
  importId: string,
): Promise<ImportFigures> {
  const started = performance.now();
  const figures = { rows: rows.length, created: 0, calls: 0, refused: 0, seconds: 0 };
  for (let first = 0; first < rows.length; first += IMPORT_BATCH_SIZE) {
    const batch = {
      rows: rows.slice(first, first + IMPORT_BATCH_SIZE),
      firstRowNumber: first + 2,
      importId,
    };
    for (;;) {
      figures.calls += 1;
      const res = await send(url, '/api/contacts/import', cookie, 'POST', batch);
      if (res.status === 429) {
        figures.refused += 1;
        await res.arrayBuffer();
        await sleep((Number(res.headers.get('retry-after')) || 1) * 1000);
        continue;
      }
      await expectStatus(res, 200, 'import');
      figures.created += ((await res.json()) as ImportResult).created;
      break;
    }
  }
  figures.seconds = Math.round((performance.now() - started) / 100) / 10;
  return figures;
}

/** The workspace's contacts, as the list's X-Total-Count says. */
export async function contactTotal(url: string, cookie: string): Promise<number> {
  const res = await send(url, '/api/persons?limit=1', cookie, 'GET');
  await expectAnswer(res, 200, 'list');
  return Number(res.headers.get('x-total-count'));
}

export interface WriterFigures {
  creates: number;
  updates: number;
  imports: number;
  importedRows: number;
  /** Imports answered 429: the next one waits for the Retry-After; creates go on meanwhile. */
  refused: number;
  /** Answers other than the expected one and 429, and network errors. */
  failed: number;
  seconds: number;
}

export const WRITER_IMPORT_ROWS = 200;

/**
 * A member at work until `signal` aborts, one request at a time: adds a contact, edits it
 * (PUT /api/persons/{id}, as the drawer saves), and about once a second imports a file of
 * WRITER_IMPORT_ROWS contacts (a heavy request). Emails carry `tag`, so they never collide.
 */
export async function writeInLoop(
  url: string,
  cookie: string,
  tag: string,
  signal: AbortSignal,
): Promise<WriterFigures> {
  const started = performance.now();
  const stats = { creates: 0, updates: 0, imports: 0, importedRows: 0, refused: 0, failed: 0 };
  const people = contactRows(5000, `${tag}c`, 11);
  let nextImport = started;
  // A network error counts as failed and the loop goes on; what the abort cuts short does not.
  const attempt = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch {
      if (!signal.aborted) stats.failed += 1;
    }
  };
  /** Whether `res` has `status`; if not, its body is read off and it counts as refused or failed. */
  const answered = async (res: Response, status: number) => {
    if (res.status === status) return true;
    await res.arrayBuffer();
    if (res.status === 429) stats.refused += 1;
    else stats.failed += 1;
    return false;
  };
  for (let n = 0; !signal.aborted; n++) {
    await attempt(async () => {
      const { organization: _organization, ...person } = people[n % people.length]!;
      const email = person.email && `${n}.${person.email}`;
      const created = await send(url, '/api/persons', cookie, 'POST', { ...person, email }, signal);
      if (!(await answered(created, 201))) return;
      stats.creates += 1;
      const { id } = (await created.json()) as Person;
      const edit = { jobTitle: JOB_TITLES[n % JOB_TITLES.length], status: 'active' };
      const updated = await send(url, `/api/persons/${id}`, cookie, 'PUT', edit, signal);
      if (!(await answered(updated, 200))) return;
      await updated.arrayBuffer();
      stats.updates += 1;
    });
    if (signal.aborted || performance.now() < nextImport) continue;
    nextImport = performance.now() + 1000;
    await attempt(async () => {
      const rows = contactRows(WRITER_IMPORT_ROWS, `${tag}i${n}`, n);
      const imported = await send(url, '/api/contacts/import', cookie, 'POST', { rows }, signal);
      if (imported.status === 429) {
        const wait = (Number(imported.headers.get('retry-after')) || 1) * 1000;
        nextImport = performance.now() + wait;
      }
      if (!(await answered(imported, 200))) return;
      stats.importedRows += ((await imported.json()) as ImportResult).created;
      stats.imports += 1;
    });
  }
  return { ...stats, seconds: Math.round((performance.now() - started) / 100) / 10 };
}
