import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { newUser, signUpThroughUi, type TestUser } from './fixtures.ts';

/** Signs up and creates the workspace through the API, for tests that are not about it. */
async function signUpWithWorkspace(page: Page, user: TestUser): Promise<void> {
  const signup = await page.request.post('/api/auth/signup', {
    data: { fullName: user.fullName, email: user.email, password: user.password },
  });
  expect(signup.status()).toBe(201);
  const workspace = await page.request.post('/api/workspaces', { data: { name: user.workspace } });
  expect(workspace.status()).toBe(201);
}

async function openRowMenu(page: Page, name: string, item: 'View' | 'Edit' | 'Delete') {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('a contact is added to an organization, tagged, found, reassigned, copied, edited and deleted', async ({
  page,
  context,
  baseURL,
}) => {
  // One long journey through two pages, a dozen dialogs and drawers: more than 30 s.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const user = newUser('contacts');
  await signUpThroughUi(page, user);
  const suffix = user.email.replace(/\D/g, '').slice(-8);
  const organization = `Northwind ${suffix}`;
  const spareOrganization = `Contoso ${suffix}`;
  const contact = { name: 'Jane Cooper', email: `jane.${suffix}@northwind.com` };
  const phone = `+1 555 ${suffix.slice(0, 4)} ${suffix.slice(4)}`;

  // An organization of its own page.
  await page.goto('/organizations');
  await page.getByRole('button', { name: 'Add Organization' }).click();
  const addOrganization = page.getByRole('dialog', { name: 'Add Organization' });
  await addOrganization.getByRole('button', { name: 'Create Organization' }).click();
  await expect(addOrganization.getByText('Organization name is required')).toBeVisible();
  await addOrganization.getByLabel('Organization Name').fill(organization);
  await addOrganization.getByRole('button', { name: 'Create Organization' }).click();
  await expect(page.getByText('Organization created successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(organization) })).toContainText('0 people');

  // The Add Contact dialog: the inline organization dialog selects what it creates.
  await page.goto('/contacts');
  await expect(page.getByText('No contacts yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const addContact = page.getByRole('dialog', { name: 'Add Contact' });
  const picker = addContact.getByRole('combobox', { name: 'Organization' });
  const createOrganization = page.getByRole('dialog', { name: 'Create New Organization' });
  // Escape closes the dialog on top only.
  await addContact.getByRole('button', { name: 'Create New Organization' }).click();
  await expect(createOrganization).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(createOrganization).toBeHidden();
  await expect(addContact).toBeVisible();
  await addContact.getByRole('button', { name: 'Create New Organization' }).click();
  await createOrganization.getByLabel('Organization Name').fill(spareOrganization);
  await createOrganization.getByLabel('Email').fill('not-an-email');
  await createOrganization.getByRole('button', { name: 'Create Organization' }).click();
  await expect(createOrganization.getByText('Invalid email')).toBeVisible();
  await createOrganization.getByLabel('Email').fill('');
  await createOrganization.getByRole('button', { name: 'Create Organization' }).click();
  await expect(page.getByText('Organization created successfully')).toBeVisible();
  await expect(createOrganization).toBeHidden();
  await expect(picker).toHaveValue(spareOrganization);
  // ...but this contact belongs to the first one, found by searching the picker.
  await picker.fill(organization.slice(0, 12));
  await page.getByRole('option', { name: organization }).click();
  await expect(picker).toHaveValue(organization);

  await addContact.getByRole('button', { name: 'Create Contact' }).click();
  await expect(addContact.getByText('Full name is required')).toBeVisible();
  await addContact.getByLabel('Full Name').fill(contact.name);
  await addContact.getByLabel('Email').fill('jane@');
  await addContact.getByRole('button', { name: 'Create Contact' }).click();
  await expect(addContact.getByText('Invalid email')).toBeVisible();
  await addContact.getByLabel('Email').fill(contact.email);
  await addContact.getByLabel('Phone').fill(phone);
  await addContact.getByLabel('Job Title').fill('Buyer');
  await addContact.getByRole('button', { name: 'Create Contact' }).click();
  await expect(page.getByText('Contact created successfully')).toBeVisible();
  await expect(addContact).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(contact.name) });
  await expect(row).toContainText(organization);
  await expect(row).toContainText(contact.email);

  // A new purple tag from the details drawer.
  await openRowMenu(page, contact.name, 'View');
  const details = page.getByRole('dialog', { name: 'Contact Details' });
  await expect(details.getByText(organization, { exact: true })).toBeVisible();
  await expect(details.getByText('Unassigned', { exact: true })).toBeVisible();
  await expect(details.getByText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/)).toBeVisible();
  await details.getByRole('button', { name: 'New Tag' }).click();
  // The form slides open (Mantine Collapse) below the drawer's fold: a click scrolled to
  // while it still moves can land beside the button, so the empty submit is retried.
  const createTag = details.getByRole('button', { name: 'Create Tag' });
  await expect(async () => {
    await createTag.click();
    await expect(details.getByText('Tag name is required')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(details.getByRole('radio', { name: 'Blue' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await details.getByLabel('Tag name').fill('VIP');
  await details.getByRole('radio', { name: 'Purple' }).click();
  await details.getByRole('button', { name: 'Create Tag' }).click();
  await expect(details.getByRole('button', { name: 'Remove tag VIP' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(row).toContainText('VIP');

  // Found by phone; a search that matches nobody says so.
  const search = page.getByLabel('Search contacts');
  await search.fill('nobody-by-this-name');
  await expect(page.getByText('No contacts found')).toBeVisible();
  await search.fill(suffix.slice(4));
  await expect(row).toBeVisible();
  await expect(page.getByText('Showing 1–1 of 1 contact')).toBeVisible();

  // Reassigned inline, to the only member and back.
  const assignee = page.getByRole('combobox', { name: `Assigned to for ${contact.name}` });
  await assignee.click();
  await page.getByRole('option', { name: user.fullName }).click();
  await expect(page.getByText('Contact assignment updated')).toBeVisible();
  await expect(assignee).toHaveValue(user.fullName);
  await page.reload();
  await expect(page.getByRole('combobox', { name: `Assigned to for ${contact.name}` })).toHaveValue(
    user.fullName,
  );
  await page.getByRole('combobox', { name: `Assigned to for ${contact.name}` }).click();
  await page.getByRole('option', { name: 'Unassigned' }).click();
  await expect(page.getByText('Contact assignment updated')).toBeVisible();
  await expect(page.getByRole('combobox', { name: `Assigned to for ${contact.name}` })).toHaveValue(
    'Unassigned',
  );

  // Click to copy.
  await row.getByText(contact.email).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(contact.email);

  // Edited in its drawer.
  await openRowMenu(page, contact.name, 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(edit.getByLabel('Full Name')).toHaveValue(contact.name);
  await edit.getByLabel('Full Name').fill('Jane Cooper-Smith');
  await edit.getByLabel('Job Title').fill('Head of Purchasing');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Contact updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  const editedRow = page.getByRole('row', { name: /Jane Cooper-Smith/ });
  await expect(editedRow).toContainText('Head of Purchasing');

  // The organization counts its person.
  await page.goto('/organizations');
  await expect(page.getByRole('row', { name: new RegExp(organization) })).toContainText('1 person');

  // Deleted from the open drawer, which closes.
  await page.goto('/contacts');
  await openRowMenu(page, 'Jane Cooper-Smith', 'View');
  await details.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Contact' });
  await expect(confirm).toContainText('Jane Cooper-Smith');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Contact deleted successfully')).toBeVisible();
  await expect(details).toBeHidden();
  await expect(page.getByText('No contacts yet')).toBeVisible();
});

test('a CSV of 50 rows imports 48 contacts and reports the two bad rows', async ({ page }) => {
  const user = newUser('import');
  await signUpWithWorkspace(page, user);
  const lines = ['Full Name,Email,Phone,Company,Title'];
  for (let i = 1; i <= 50; i += 1) {
    const name = i === 10 ? '' : `Imported Person ${i}`;
    const email = i === 30 ? 'not-an-email' : `imported.${i}@fabrikam.com`;
    lines.push(`${name},${email},555-01${String(i).padStart(2, '0')},Fabrikam,Engineer`);
  }

  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const wizard = page.getByRole('dialog', { name: 'Import Contacts' });
  await wizard.locator('input[type="file"]').setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\n')}\n`),
  });
  // Headers are mapped automatically and can be changed.
  await expect(wizard.getByText('50 rows')).toBeVisible();
  await expect(wizard.getByRole('combobox', { name: 'Import Full Name as' })).toHaveValue(
    'Full name',
  );
  await expect(wizard.getByRole('combobox', { name: 'Import Company as' })).toHaveValue(
    'Organization',
  );
  await expect(wizard.getByRole('combobox', { name: 'Import Title as' })).toHaveValue('Job title');
  await wizard.getByRole('combobox', { name: 'Import Phone as' }).click();
  await page.getByRole('option', { name: "Don't import" }).click();
  await expect(wizard.getByRole('combobox', { name: 'Import Phone as' })).toHaveValue(
    "Don't import",
  );

  await wizard.getByRole('button', { name: 'Import 50 contacts' }).click();
  await expect(wizard.getByText('Import complete')).toBeVisible();
  await expect(wizard.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(wizard.getByLabel('48 created')).toBeVisible();
  await expect(wizard.getByLabel('2 rejected')).toBeVisible();
  // Row numbers are those of the file: the header is row 1.
  await expect(wizard.getByRole('row', { name: /Row 11/ })).toContainText('Full name is required');
  await expect(wizard.getByRole('row', { name: /Row 31/ })).toContainText(
    'Invalid email "not-an-email"',
  );
  await wizard.getByRole('button', { name: 'Done' }).click();
  await expect(wizard).toBeHidden();

  await expect(page.getByText('Showing 1–48 of 48 contacts')).toBeVisible();
  const imported = page.getByRole('row', { name: /Imported Person 50/ });
  await expect(imported).toContainText('Fabrikam');
  await expect(imported).not.toContainText('555-0150');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('contacts.csv');
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain('Imported Person 50');
  expect(csv).toContain('imported.50@fabrikam.com');

  // Importing the same file again doubles nobody: known emails are skipped.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await wizard.locator('input[type="file"]').setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\n')}\n`),
  });
  await wizard.getByRole('button', { name: 'Import 50 contacts' }).click();
  await expect(wizard.getByLabel('0 created')).toBeVisible();
  await expect(wizard.getByLabel('48 skipped')).toBeVisible();
  await wizard.getByRole('button', { name: 'Done' }).click();

  await page.goto('/organizations');
  await expect(page.getByRole('row', { name: /Fabrikam/ })).toContainText('48 people');
});

test('importing the same file twice creates its contacts once, those without an email too', async ({
  page,
}) => {
  const user = newUser('reimport');
  await signUpWithWorkspace(page, user);
  const csv = Buffer.from(
    [
      'Name,Email,Phone',
      'Grace Hopper,grace@navy.example.com,555-0101',
      'Alan Turing,,555-0102',
      'Alan Turing,,555-0103',
      'Edsger Dijkstra,,',
      ',nameless@navy.example.com,',
    ].join('\n'),
  );
  const wizard = page.getByRole('dialog', { name: 'Import Contacts' });
  const importFile = async () => {
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await wizard.locator('input[type="file"]').setInputFiles({
      name: 'pioneers.csv',
      mimeType: 'text/csv',
      buffer: csv,
    });
    await expect(
      wizard.getByText('Importing the same file again skips the rows it already created', {
        exact: false,
      }),
    ).toBeVisible();
    await wizard.getByRole('button', { name: 'Import 5 contacts' }).click();
    await expect(wizard.getByText('Import complete')).toBeVisible();
  };

  await page.goto('/contacts');
  await importFile();
  await expect(wizard.getByLabel('4 created')).toBeVisible();
  await expect(wizard.getByLabel('1 rejected')).toBeVisible();
  await wizard.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Showing 1–4 of 4 contacts')).toBeVisible();

  // The same file again, as after a failure or a second click: nothing new.
  await importFile();
  await expect(wizard.getByLabel('0 created')).toBeVisible();
  await expect(wizard.getByLabel('4 skipped')).toBeVisible();
  await expect(wizard.getByLabel('1 rejected')).toBeVisible();
  for (const row of [2, 3, 4, 5]) {
    await expect(wizard.getByRole('row', { name: new RegExp(`^Row ${row} `) })).toContainText(
      'Already imported from this file',
    );
  }
  await wizard.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Showing 1–4 of 4 contacts')).toBeVisible();
  await expect(page.getByRole('row', { name: /Alan Turing/ })).toHaveCount(2);
});

test('an organization is renamed and deleted from its drawer; its people stay', async ({
  page,
}) => {
  const user = newUser('organizations');
  await signUpWithWorkspace(page, user);
  const created = await page.request.post('/api/organizations', { data: { name: 'Initech' } });
  const organization = (await created.json()) as { id: number };
  for (const fullName of ['Peter Gibbons', 'Samir Nagheenanajar']) {
    const person = await page.request.post('/api/persons', {
      data: { fullName, companyId: organization.id },
    });
    expect(person.status()).toBe(201);
  }

  await page.goto('/organizations');
  await openRowMenu(page, 'Initech', 'View');
  const details = page.getByRole('dialog', { name: 'Organization Details' });
  await expect(details.getByText('2 people')).toBeVisible();
  await details.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Organization' });
  await edit.getByLabel('Organization Name').fill(' ');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText('Organization name is required')).toBeVisible();
  await edit.getByLabel('Organization Name').fill('Initrode');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Organization updated successfully')).toBeVisible();
  // Saved from the details drawer: back to the details, renamed.
  await expect(details.getByRole('heading', { name: 'Initrode' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  await page.getByLabel('Search organizations').fill('zzz');
  await expect(page.getByText('No organizations found')).toBeVisible();
  await page.getByLabel('Search organizations').fill('initr');
  await expect(page.getByRole('row', { name: /Initrode/ })).toContainText('2 people');

  await openRowMenu(page, 'Initrode', 'View');
  await details.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Organization' });
  await expect(confirm).toContainText('Its 2 people will stay in your contacts');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Organization deleted successfully')).toBeVisible();
  await expect(details).toBeHidden();
  await expect(page.getByText('No organizations found')).toBeVisible();

  await page.goto('/contacts');
  await expect(page.getByText('Showing 1–2 of 2 contacts')).toBeVisible();
  await expect(page.getByRole('row', { name: /Peter Gibbons/ })).not.toContainText('Initrode');
});

test('the contacts list sorts and filters, and its URL keeps the order, filters and search', async ({
  page,
}) => {
  const user = newUser('list-kit');
  await signUpWithWorkspace(page, user);
  const org = await (
    await page.request.post('/api/organizations', { data: { name: 'Globex' } })
  ).json();
  const tag = await (
    await page.request.post('/api/tags', { data: { name: 'Lead', color: 'green' } })
  ).json();
  // Created in this order, so that newest first and A to Z differ.
  for (const [fullName, extra] of [
    ['Carla Ruiz', { companyId: org.id }],
    ['adam Quinn', {}],
    ['Bea Stone', { companyId: org.id }],
  ] as const) {
    const person = await (
      await page.request.post('/api/persons', { data: { fullName, ...extra } })
    ).json();
    if (fullName === 'adam Quinn') {
      expect((await page.request.post(`/api/contacts/${person.id}/tags/${tag.id}`)).ok()).toBe(
        true,
      );
    }
  }
  const names = page.getByRole('table').getByRole('row').locator('td:nth-child(2)');

  await page.goto('/contacts');
  await expect(names).toHaveText([/Bea Stone/, /adam Quinn/, /Carla Ruiz/]);

  // A to Z whatever the case, and the URL says so.
  await page.getByRole('combobox', { name: 'Sort contacts' }).click();
  await page.getByRole('option', { name: 'Name A–Z' }).click();
  await expect(names).toHaveText([/adam Quinn/, /Bea Stone/, /Carla Ruiz/]);
  await expect(page).toHaveURL(/sort=fullName/);

  // Filters narrow the list on the server, and the total follows.
  await page.getByRole('combobox', { name: 'Filter by organization' }).fill('Glob');
  await page.getByRole('option', { name: 'Globex' }).click();
  await expect(names).toHaveText([/Bea Stone/, /Carla Ruiz/]);
  await expect(page.getByText('Showing 1–2 of 2 contacts')).toBeVisible();

  // A reload shows the same list: order and filter come back from the URL.
  await page.reload();
  await expect(names).toHaveText([/Bea Stone/, /Carla Ruiz/]);
  await expect(page.getByRole('combobox', { name: 'Sort contacts' })).toHaveValue('Name A–Z');

  // Another filter, on a fresh list; then a search, whose text survives a reload too.
  await page.goto('/contacts');
  await page.getByRole('combobox', { name: 'Filter by tag' }).click();
  await page.getByRole('option', { name: 'Lead' }).click();
  await expect(names).toHaveText([/adam Quinn/]);
  await expect(page).toHaveURL(new RegExp(`tag=${tag.id}`));
  await page.goto('/contacts');
  await page.getByLabel('Search contacts').fill('stone');
  await expect(names).toHaveText([/Bea Stone/]);
  await expect(page).toHaveURL(/q=stone/);
  await page.reload();
  await expect(page.getByLabel('Search contacts')).toHaveValue('stone');
  await expect(names).toHaveText([/Bea Stone/]);

  // Organizations sort by name or by how many people each has.
  expect((await page.request.post('/api/organizations', { data: { name: 'Acme' } })).ok()).toBe(
    true,
  );
  await page.goto('/organizations');
  const organizations = page.getByRole('table').getByRole('row').locator('td:first-child');
  await expect(organizations).toHaveText([/Acme/, /Globex/]);
  await page.getByRole('combobox', { name: 'Sort organizations' }).click();
  await page.getByRole('option', { name: 'Most people' }).click();
  await expect(organizations).toHaveText([/Globex/, /Acme/]);
  await expect(page).toHaveURL(/sort=-peopleCount/);
});

test('a card list opens with the status its URL names', async ({ page }) => {
  const user = newUser('list-url');
  await signUpWithWorkspace(page, user);
  await page.goto('/projects?status=completed');
  await expect(page.getByText('No projects found')).toBeVisible();
  await page.goto('/projects?status=not-a-status');
  await expect(page.getByText('No projects yet')).toBeVisible();
});

test('contacts chosen in the table are tagged, assigned and deleted together', async ({ page }) => {
  const user = newUser('bulk');
  await signUpWithWorkspace(page, user);
  expect(
    (await page.request.post('/api/tags', { data: { name: 'Warm', color: 'orange' } })).ok(),
  ).toBe(true);
  for (const fullName of ['Ann Bulk', 'Ben Bulk', 'Cal Bulk'])
    expect((await page.request.post('/api/persons', { data: { fullName } })).ok()).toBe(true);
  await page.goto('/contacts');
  await expect(page.getByText('Showing 1–3 of 3 contacts')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select Ann Bulk' }).check();
  await page.getByRole('checkbox', { name: 'Select Cal Bulk' }).check();
  const bar = page.getByRole('region', { name: 'Selected rows' });
  await expect(bar.getByText('2 contacts selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Tags' }).click();
  await page.getByRole('menuitem', { name: 'Add “Warm”' }).click();
  await expect(page.getByText('Tag added to 2 contacts')).toBeVisible();
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Ann Bulk/ }).getByText('Warm')).toBeVisible();
  await expect(page.getByRole('row', { name: /Ben Bulk/ }).getByText('Warm')).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Select all contacts on this page' }).check();
  await expect(bar.getByText('3 contacts selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Assign' }).click();
  await page.getByRole('menuitem', { name: user.fullName }).click();
  await expect(page.getByText('3 contacts assigned')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select all contacts on this page' }).check();
  await bar.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Contacts' });
  await expect(confirm.getByText('Are you sure you want to delete 3 contacts?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('3 contacts deleted')).toBeVisible();
  await expect(page.getByText('No contacts yet')).toBeVisible();
});
