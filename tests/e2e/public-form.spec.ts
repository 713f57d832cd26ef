import { createServer, type Server } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newUser, signUpWithWorkspace } from './fixtures.ts';

/* Issue 44, part 4: a visitor fills a lead form on its public page, alone and embedded. */

/** Screenshots go with the test's other output (`--output`), to be looked at. */
const shot = (name: string) => test.info().outputPath(name);
const PHONE = { width: 375, height: 812 };

interface Form {
  id: number;
  name: string;
  publicSlug: string;
  publicUrl: string;
}

async function createForm(page: Page, extra: object = {}): Promise<Form> {
  await signUpWithWorkspace(page, newUser('forms'));
  const stages = (await (await page.request.get('/api/stages')).json()) as {
    id: number;
    key: string;
  }[];
  const stage = stages.find((s) => s.key === 'contacted') ?? stages[0]!;
  const res = await page.request.post('/api/forms', {
    data: {
      name: 'Project enquiry',
      published: true,
      submitLabel: 'Send my enquiry',
      thankYouMessage: 'Thanks! We will be in touch within a day.',
      deal: { stageId: stage.id, value: '2500' },
      fields: [
        {
          key: 'name',
          type: 'text',
          label: 'Your name',
          required: true,
          mapTo: 'contact.fullName',
        },
        {
          key: 'email',
          type: 'email',
          label: 'Email',
          required: true,
          mapTo: 'contact.email',
          helpText: 'We reply to this address.',
        },
        { key: 'phone', type: 'phone', label: 'Phone', mapTo: 'contact.phone' },
        { key: 'company', type: 'text', label: 'Company', mapTo: 'organization.name' },
        { key: 'budget', type: 'number', label: 'Budget' },
        { key: 'topic', type: 'select', label: 'Topic', options: ['Design', 'Build'] },
        { key: 'extras', type: 'multiselect', label: 'Extras', options: ['SEO', 'Copy'] },
        { key: 'start', type: 'date', label: 'Start date' },
        { key: 'message', type: 'textarea', label: 'Message' },
        { key: 'newsletter', type: 'checkbox', label: 'Send me the newsletter' },
        {
          key: 'agree',
          type: 'consent',
          label: 'I agree to be contacted about my enquiry',
          required: true,
        },
        { key: 'utm_source', type: 'hidden', label: 'Source' },
      ],
      ...extra,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Form;
}

/** A visitor: a fresh context, no cookie of any account. */
async function visitor(
  browser: Browser,
  viewport = PHONE,
  colorScheme: 'light' | 'dark' = 'light',
) {
  const context = await browser.newContext({ viewport, colorScheme });
  const page = await context.newPage();
  return { context, page };
}

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a visitor fills a form on its public page and becomes a contact with a deal', async ({
  page,
  browser,
  baseURL,
}) => {
  const form = await createForm(page);
  const { context, page: visit } = await visitor(browser);
  const assets: string[] = [];
  visit.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/assets/')) assets.push(url.pathname);
  });

  const pageUrl = `/f/${form.publicSlug}?utm_source=newsletter`;
  const response = await visit.goto(pageUrl);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await expect(visit.getByRole('heading', { name: 'Project enquiry' })).toBeVisible();
  await expect(visit).toHaveTitle('Project enquiry');
  // Its own few kilobytes, none of the app's chunks.
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) expect(asset).toMatch(/^\/assets\/(form|public)-[\w-]+\.(js|css)$/);

  const name = visit.getByLabel('Your name');
  await expect(name).toHaveAttribute('aria-required', 'true');
  await expect(visit.getByLabel('Email')).toHaveAccessibleDescription('We reply to this address.');
  await expect(visit.getByLabel('Phone')).not.toHaveAttribute('aria-required', 'true');
  await expect(visit.getByRole('group', { name: 'Extras' })).toBeVisible();
  await expect(
    visit.getByRole('checkbox', { name: 'I agree to be contacted about my enquiry' }),
  ).toHaveAttribute('required', '');
  // The honeypot is nobody's to fill: hidden from people and from screen readers.
  await expect(visit.getByRole('textbox', { name: 'Leave this empty' })).toHaveCount(0);
  await noSidewaysScroll(visit);

  const email = `visitor-${Date.now()}@example.com`;
  await name.fill('Grace Hopper');
  // Past the browser's own check (the form is novalidate): the server judges it.
  await visit.getByLabel('Email').fill('grace@');
  await visit.getByLabel('Company').fill('Hopper Systems');
  await visit.getByLabel('Topic').selectOption('Build');
  await visit.getByRole('checkbox', { name: 'SEO' }).check();
  await visit.getByLabel('Start date').fill('2027-02-01');
  await visit.getByRole('checkbox', { name: 'I agree to be contacted about my enquiry' }).check();
  // Sent at once, under the server's 3 s minimum: the page waits the rest, then sends.
  const send = visit.getByRole('button', { name: 'Send my enquiry' });
  await send.click();
  await expect(visit.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  const emailInput = visit.getByLabel('Email');
  await expect(emailInput).toHaveAttribute('aria-invalid', 'true');
  await expect(emailInput).toBeFocused();
  const emailError = visit.locator('#field-email-error');
  await expect(emailError).toBeVisible();
  await expect(emailInput).toHaveAccessibleDescription(/We reply to this address\..+/);
  await expect(send).toBeEnabled();
  await visit.screenshot({ path: shot(`form-error-375-light.png`), fullPage: true });

  await emailInput.fill(email);
  await send.click();
  const thanks = visit.getByRole('status');
  await expect(thanks).toHaveText('Thanks! We will be in touch within a day.');
  await expect(thanks).toBeFocused();
  await visit.screenshot({ path: shot(`form-thanks-375-light.png`), fullPage: true });
  await context.close();

  // The owner sees the contact, the deal and the hidden answer.
  const submissions = (await (
    await page.request.get(`/api/forms/${form.id}/submissions`)
  ).json()) as {
    answers: Record<string, unknown>;
    personId: number;
    leadId: number | null;
    pageUrl: string | null;
  }[];
  expect(submissions).toHaveLength(1);
  const [submission] = submissions;
  expect(submission!.answers).toMatchObject({
    name: 'Grace Hopper',
    email,
    utm_source: 'newsletter',
    extras: ['SEO'],
    agree: true,
  });
  expect(submission!.pageUrl).toBe(`${baseURL}${pageUrl}`);
  const persons = (await (
    await page.request.get(`/api/persons?search=${encodeURIComponent(email)}`)
  ).json()) as { id: number; fullName: string; email: string }[];
  expect(persons).toEqual([
    expect.objectContaining({ id: submission!.personId, fullName: 'Grace Hopper', email }),
  ]);
  expect(submission!.leadId).not.toBeNull();
  const leads = (await (await page.request.get('/api/leads')).json()) as {
    id: number;
    stage: string;
  }[];
  expect(leads.find((lead) => lead.id === submission!.leadId)).toMatchObject({
    stage: 'contacted',
  });
});

test('an unknown form is a page saying so, with 404', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  const response = await page.goto('/f/1-no-such-form');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This form is not available' })).toBeVisible();
  await context.close();
});

test('a refusal the page cannot pin on a field shows as an alert above the form', async ({
  page,
  browser,
}) => {
  const form = await createForm(page);
  const { context, page: visit } = await visitor(browser);
  await visit.goto(`/f/${form.publicSlug}`);
  await visit.getByLabel('Your name').fill('Mary Jackson');
  await visit.getByLabel('Email').fill(`late-${Date.now()}@example.com`);
  await visit.getByRole('checkbox', { name: 'I agree to be contacted about my enquiry' }).check();
  // The owner unpublishes it while the visitor types.
  const unpublish = await page.request.put(`/api/forms/${form.id}`, { data: { published: false } });
  expect(unpublish.status(), await unpublish.text()).toBe(200);
  await visit.getByRole('button', { name: 'Send my enquiry' }).click();
  const alert = visit.getByRole('alert');
  await expect(alert).toHaveText('This form is not available any more.');
  await expect(alert).toBeFocused();
  await expect(visit.getByRole('button', { name: 'Send my enquiry' })).toBeEnabled();
  await context.close();
});

test('a form with a redirect sends the visitor on to it after the submission', async ({
  page,
  browser,
  baseURL,
}) => {
  // Any http(s) address; the app's health check is one this run serves.
  const redirectUrl = `${baseURL}/api/health`;
  const form = await createForm(page, { redirectUrl });
  const { context, page: visit } = await visitor(browser);
  await visit.goto(`/f/${form.publicSlug}`);
  await visit.getByLabel('Your name').fill('Dorothy Vaughan');
  await visit.getByLabel('Email').fill(`redirect-${Date.now()}@example.com`);
  await visit.getByRole('checkbox', { name: 'I agree to be contacted about my enquiry' }).check();
  await visit.getByRole('button', { name: 'Send my enquiry' }).click();
  await visit.waitForURL(redirectUrl);
  await context.close();
});

test('the form page passes axe and fits 375 px in both schemes, and on a desktop', async ({
  page,
  browser,
}) => {
  const form = await createForm(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const [size, viewport] of [
      ['375', PHONE],
      ['desktop', { width: 1280, height: 900 }],
    ] as const) {
      const { context, page: visit } = await visitor(browser, viewport, colorScheme);
      await visit.goto(`/f/${form.publicSlug}`);
      await expect(visit.getByRole('heading', { name: 'Project enquiry' })).toBeVisible();
      await noSidewaysScroll(visit);
      expect(await axeViolations(visit), `${colorScheme} ${size}`).toEqual([]);
      await visit.screenshot({ path: shot(`form-${size}-${colorScheme}.png`), fullPage: true });
      await context.close();
    }
  }
});

test('embedded on another site, the iframe grows to the form and the form can be sent', async ({
  page,
  browser,
  baseURL,
}) => {
  const form = await createForm(page);
  const origin = new URL(baseURL!).origin;
  // The host site: another origin (another port on loopback) with the snippet the app shows.
  const snippet = `<iframe src="${form.publicUrl.replace(/^https?:\/\/[^/]+/, origin)}?embed=1" title="${form.name}" style="width:100%;border:0" loading="lazy"></iframe><script src="${origin}/forms-embed.js" async></script>`;
  const host: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><html lang="en"><head><title>Host site</title></head><body><main><h1>Our studio</h1>${snippet}<p>Footer of the host</p></main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const address = host.address() as { port: number };
  try {
    const { context, page: visit } = await visitor(browser, { width: 1024, height: 900 });
    await visit.goto(`http://127.0.0.1:${address.port}/`);
    const iframe = visit.locator('iframe');
    const frame = visit.frameLocator('iframe');
    await expect(frame.getByRole('button', { name: 'Send my enquiry' })).toBeVisible();
    // Grown from the browser's default 150 px to the whole form, with no inner scroll.
    await expect.poll(async () => (await iframe.boundingBox())?.height ?? 0).toBeGreaterThan(800);
    const inner = await frame.locator('html').evaluate((html) => ({
      scroll: html.scrollHeight,
      client: html.clientHeight,
      embedded: html.classList.contains('embedded'),
    }));
    expect(inner.embedded).toBe(true);
    expect(inner.scroll).toBeLessThanOrEqual(inner.client + 1);
    await expect(frame.getByText('Powered by Keel')).toHaveCount(0);
    await visit.screenshot({ path: shot(`form-embedded.png`), fullPage: true });

    await frame.getByLabel('Your name').fill('Katherine Johnson');
    await frame.getByLabel('Email').fill(`embedded-${Date.now()}@example.com`);
    await frame.getByRole('checkbox', { name: 'I agree to be contacted about my enquiry' }).check();
    await frame.getByRole('button', { name: 'Send my enquiry' }).click();
    await expect(frame.getByRole('status')).toHaveText('Thanks! We will be in touch within a day.');
    // And shrinks to the thank-you.
    await expect.poll(async () => (await iframe.boundingBox())?.height ?? 0).toBeLessThan(400);
    await visit.screenshot({ path: shot(`form-embedded-thanks.png`), fullPage: true });
    await context.close();
  } finally {
    await new Promise((resolve) => host.close(resolve));
  }
});
