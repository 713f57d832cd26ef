import { asArrayWithTotal, asCsv, defineRestRoutes } from '../../plugins/rest-adapter.ts';
import {
  SUBMISSION_BODY_LIMIT,
  SUBMISSIONS_PER_HOUR,
  SUBMISSIONS_PER_MINUTE,
} from './forms.router.ts';

const SLUG_TAKEN = 'another form of the workspace has this slug';
const PUBLIC_NOT_FOUND =
  'the address does not name a published form (unknown, unpublished, malformed, or a workspace that is gone: all answered alike)';
const LINKED =
  'the deal’s stage or assignee is not of this workspace (other workspaces’ rows are never revealed)';

export const formsRestRoutes = defineRestRoutes(
  {
    name: 'Forms',
    description:
      'Lead forms: fields a visitor fills on a public page (`/f/{workspaceId}-{slug}`), each optionally mapped to the contact (`contact.fullName`, `contact.email`, `contact.phone`) or their organization (`organization.name`). A submission creates or updates the contact by email (never two contacts for one email in the workspace), finds or creates the organization by name, opens a deal in the form’s stage when it has one, records the answers with the page, the time and the consent text agreed to, notifies the deal’s assignee (the owners and administrators when none), and may email the visitor an autoresponder. A published form needs an email field mapped to `contact.email`. Every member of the workspace manages forms.',
  },
  [
    {
      method: 'GET',
      path: '/api/forms',
      procedure: 'forms.list',
      summary: 'List forms',
      description: 'By name; `search` looks in the name. Each form tells its submission count.',
      respond: asArrayWithTotal,
    },
    {
      method: 'POST',
      path: '/api/forms',
      procedure: 'forms.create',
      summary: 'Create a form',
      description:
        'Field keys are unique; `options` are for `select` and `multiselect` only (and required there); a `mapTo` fits its type (an email field for `contact.email`, a phone or text field for `contact.phone`, a text or hidden field for a name) and each target is filled by one field at most. The slug is made from the name when left out.',
      status: 201,
      refusals: { 404: LINKED, 409: SLUG_TAKEN },
    },
    {
      method: 'GET',
      path: '/api/forms/submissions',
      procedure: 'forms.contactSubmissions',
      summary: "List a contact's form submissions",
      description: 'Newest first, from every form of the workspace.',
      respond: asArrayWithTotal,
      refusals: { 404: 'the contact is not of this workspace' },
    },
    {
      method: 'GET',
      path: '/api/forms/{id}',
      procedure: 'forms.get',
      summary: 'Read a form',
    },
    {
      method: 'PUT',
      path: '/api/forms/{id}',
      procedure: 'forms.update',
      summary: 'Update a form',
      description:
        'Only the settings sent change (`null` clears `deal`, `autoresponder`, `submitLabel`, `thankYouMessage` and `redirectUrl`); the form they leave must meet every rule of a new one.',
      refusals: { 404: LINKED, 409: SLUG_TAKEN },
    },
    {
      method: 'DELETE',
      path: '/api/forms/{id}',
      procedure: 'forms.delete',
      summary: 'Delete a form',
      description: 'Its submissions go with it; the contacts and deals they made stay.',
    },
    {
      method: 'GET',
      path: '/api/forms/{id}/submissions',
      procedure: 'forms.submissions',
      summary: "List a form's submissions",
      description:
        'Newest first; `search` looks in the answers, the contact’s name and the page URL.',
      respond: asArrayWithTotal,
    },
    {
      method: 'GET',
      path: '/api/forms/{id}/submissions/export',
      procedure: 'forms.exportSubmissions',
      summary: "Export a form's submissions as CSV",
      description:
        'The submissions matching `search`, newest first: when each came, one column per field (headed by its label), the page URL and the contact; cells that could run as spreadsheet formulas are defused.',
      respond: asCsv('form-submissions.csv'),
    },
    {
      method: 'GET',
      path: '/api/public/forms/{slug}',
      procedure: 'forms.publicForm',
      summary: 'Read a published form for its public page',
      description:
        'No account. The fields (without their mapping), texts, and a `token` to send back with the submission. Answers `X-Robots-Tag: noindex` unless the form allows indexing.',
      refusals: { 404: PUBLIC_NOT_FOUND },
    },
    {
      method: 'POST',
      path: '/api/public/forms/{slug}/submissions',
      procedure: 'forms.submit',
      summary: 'Submit a published form',
      description: `No account; JSON or form-encoded. Refused, with nothing written, when the honeypot \`_hp\` is not empty, the \`_token\` is missing, forged, younger than 3 seconds or older than 24 hours (400), an answer breaks its field's rules (422, \`details\` by \`answers.{key}\`), the body is over ${SUBMISSION_BODY_LIMIT / 1024} KB (413), or the address sent more than ${SUBMISSIONS_PER_MINUTE} submissions to this form in a minute or ${SUBMISSIONS_PER_HOUR} in an hour (429). Answers the thank-you \`message\`, or the \`redirectUrl\` to send the visitor to.`,
      status: 201,
      bodyLimit: SUBMISSION_BODY_LIMIT,
      formEncoded: true,
      refusals: {
        404: PUBLIC_NOT_FOUND,
        413: `the submission's answers are over ${SUBMISSION_BODY_LIMIT / 1024} KB`,
        422: 'an answer breaks its field’s rules (required, email, number, date, choice, length); `details` names each by `answers.{key}`',
        429: `more than ${SUBMISSIONS_PER_MINUTE} submissions to this form from this address in a minute, or ${SUBMISSIONS_PER_HOUR} in an hour`,
      },
    },
  ],
);
