import { randomBytes } from 'node:crypto';
import type { Target } from '../support/target.ts';

/**
 * Tenant isolation over every `/api/*` route: how a member of workspace B calls it with the
 * ids of workspace A, and what B must get. A route the app registers without an entry here
 * fails tests/security/rest-isolation.test.ts, and so does an entry for a route that is gone.
 */

/** What the calls may name: A's rows, B's own rows (for bodies that smuggle A's ids). */
export interface CallIds {
  a: Target;
  b: Target;
  /** Unique per call, for names that must not collide with an earlier call's. */
  unique: string;
  /** An active device session of A's owner (account.sessions ids). */
  aSessionId: string;
  /** A personal API token of A's owner. */
  aTokenId: number;
  /** The caller's own email and password, for sign-in and profile updates that keep them. */
  callerEmail: string;
  callerPassword: string;
}

/**
 * - 404 / 400 / 403: refused, and the whole database is unchanged (A and B alike).
 * - 'read': 200, and none of A's markers appear in the body (JSON, CSV or bytes).
 * - 'own': a success that acts on B's own account or workspace only: A is unchanged and
 *   none of A's markers appear in the body.
 */
export type Outcome = 400 | 403 | 404 | 'read' | 'own';

export interface RestCase {
  /** What this call tries, when a route has several (e.g. which body id is foreign). */
  label?: string;
  params?: (ids: CallIds) => Record<string, string | number>;
  query?: (ids: CallIds) => Record<string, string | number>;
  body?: (ids: CallIds) => unknown;
  /** A multipart image upload in this field instead of a JSON body. */
  upload?: string;
  /** The uploaded file, when not a tiny PNG. */
  file?: (ids: CallIds) => { name: string; type: string; data: Buffer };
  expect: Outcome;
  /**
   * A read that lists B's rows: B's own marker must show, so A's absence means something.
   */
  showsB?: boolean;
  /**
   * Counts and sums: a second call after another workspace gains rows answers the same
   * (body and X-Total-Count), so A's rows are not counted.
   */
  countsStable?: boolean;
  /** The success status of 'read'/'own' when not 200. */
  status?: number;
  /** Rows A must hold before the call: timers of A's members. */
  prepare?: 'startTimersInA' | 'deleteA';
  /**
   * Run as a second member of B on a session of its own: for calls that end or replace
   * the caller's session (logout, sign-in, ending other sessions).
   */
  spare?: boolean;
}

/**
 * Which data a route touches, which decides what B's API token with `X-Workspace-Id: A`
 * must get: 'workspace' routes answer 404 (B is no member of A) to every token call;
 * 'account' and 'public' routes answer a token call as they answer the session;
 * 'platform' routes answer 403. Uploads and downloads take a token like every other route
 * (one authentication, identity.ts requireIdentity).
 */
export type Scope = 'workspace' | 'account' | 'platform' | 'public';

export interface RestMatrixEntry {
  scope: Scope;
  /** Why a route holds no workspace data, for 'public' and 'platform' entries. */
  why?: string;
  /**
   * What a token call gets when the scope's rule does not apply (a documented refusal):
   * 403 for what only a browser session may do (init.ts sessionProcedure).
   */
  token?: 400 | 403;
  cases: RestCase[];
}

const id = (pick: (ids: CallIds) => number | string) => (ids: CallIds) => ({ id: pick(ids) });
const notFound = (params: RestCase['params'], body?: RestCase['body']): RestCase => ({
  params,
  ...(body ? { body } : {}),
  expect: 404,
});
/** Lists are searched for A's marker too: a search must not reach into A either. */
const searchA = (ids: CallIds) => ({ search: ids.a.marker });
/** A one-line MT940 statement in EUR (the target's bank accounts are in EUR). */
function mt940(): string {
  return [
    ':20:MATRIX',
    ':25:DE89370400440532013000',
    ':28C:00001/001',
    ':60F:C261119EUR100,00',
    ':61:2611201120C12,50NTRFNONREF//MATRIX1',
    ':86:Matrix payment',
    ':62F:C261120EUR112,50',
    '-',
  ].join('\r\n');
}

/** A small CII e-invoice from a supplier, numbered `number`. */
function supplierInvoice(number: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocument><ram:ID>${number}</ram:ID><ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20261120</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>Matrix Supplier</ram:Name></ram:SellerTradeParty></ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:TaxTotalAmount currencyID="EUR">19.00</ram:TaxTotalAmount><ram:GrandTotalAmount>119.00</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;
}

/** A Monday between 1990 and 2373 picked by `unique`, so each call has a week of its own. */
function weekOf(unique: string): string {
  let hash = 0;
  for (const ch of unique) hash = (hash * 31 + ch.charCodeAt(0)) % 20_000;
  return new Date(Date.UTC(1990, 0, 1) + hash * 7 * 86_400_000).toISOString().slice(0, 10);
}
const PORTAL_WHY =
  'The portal token is the credential the workspace gave its client; without a live one nothing shows or changes.';
const FORM_WHY =
  'A published form is public by its owner’s choice; the address names its workspace, so no other workspace’s form answers under it.';
/** A's form's slug with B's workspace id in front: must name nothing. */
const slugUnderB = (ids: CallIds) => ({
  slug: `${ids.b.workspaceId}-${ids.a.formPublicSlug.split('-').slice(1).join('-')}`,
});
const BOOKING_WHY =
  'A booking page, manage link or calendar feed: its slug or secret token names the workspace, and only a live one of that workspace opens anything.';
/** A token of the manage-link and feed shape for this workspace that is no live one. */
const scopedToken = (workspaceId: number) =>
  `${workspaceId}.${randomBytes(32).toString('base64url')}`;
const PLATFORM = 'Platform administration: only users.isAdmin may call it, whatever workspace.';

export const restMatrix: Record<string, RestMatrixEntry> = {
  // Auth: no workspace rows; the answers are about the caller alone.
  'POST /api/auth/signup': {
    scope: 'public',
    why: 'Creates a new account; names no workspace.',
    cases: [
      {
        body: (ids) => ({
          fullName: 'Tenant Signup',
          email: `signup-${ids.unique}@example.com`,
          password: 'correct-horse-9',
        }),
        expect: 'own',
        status: 201,
        spare: true,
      },
    ],
  },
  'POST /api/auth/login': {
    scope: 'public',
    why: 'Signs the caller in; names no workspace.',
    cases: [
      {
        body: (ids) => ({ email: ids.callerEmail, password: ids.callerPassword }),
        expect: 'own',
        spare: true,
      },
    ],
  },
  'POST /api/auth/logout': {
    scope: 'public',
    why: "Ends the caller's own session only.",
    cases: [{ expect: 'own', spare: true }],
  },
  'POST /api/auth/login/two-factor': {
    scope: 'public',
    why: "Completes the caller's own sign-in; names no workspace.",
    cases: [{ label: 'no password step waiting', body: () => ({ code: '000000' }), expect: 400 }],
  },
  'GET /api/auth/me': { scope: 'account', cases: [{ expect: 'read' }] },
  'POST /api/auth/forgot-password': {
    scope: 'public',
    why: 'Mails a reset link to the email given, if an account has it; names no workspace.',
    cases: [{ body: (ids) => ({ email: ids.callerEmail }), expect: 'own', status: 202 }],
  },
  'POST /api/auth/reset-password': {
    scope: 'public',
    why: 'Sets the password of the account an emailed link names; names no workspace.',
    cases: [
      {
        label: 'a link that was never sent',
        body: () => ({ token: randomBytes(32).toString('base64url'), password: 'Fresh-horse-42' }),
        expect: 400,
      },
    ],
  },

  // Account: the caller's own user row, sessions and tokens; A's session and token ids are 404.
  'GET /api/account/profile': { scope: 'account', cases: [{ expect: 'read' }] },
  'PUT /api/account/profile': {
    scope: 'account',
    token: 403,
    cases: [
      {
        body: (ids) => ({ firstName: 'Tenant', lastName: 'Bee', email: ids.callerEmail }),
        expect: 'own',
      },
    ],
  },
  'PUT /api/account/password': {
    scope: 'account',
    token: 403,
    cases: [
      {
        label: 'a wrong current password',
        body: () => ({
          currentPassword: 'wrong-one',
          newPassword: 'NewPassw0rd',
          confirmPassword: 'NewPassw0rd',
        }),
        expect: 400,
      },
    ],
  },
  'PUT /api/account/preferences': {
    scope: 'account',
    cases: [
      {
        body: () => ({
          timezone: 'Europe/Paris',
          dateFormat: 'YYYY-MM-DD',
          timeFormat: '24h',
          language: 'fr',
        }),
        expect: 'own',
      },
    ],
  },
  'PUT /api/account/notifications': {
    scope: 'account',
    cases: [
      {
        body: () => ({
          emailNotifications: false,
          pushNotifications: true,
          taskReminders: true,
          projectUpdates: false,
          teamInvites: true,
          securityAlerts: true,
        }),
        expect: 'own',
      },
    ],
  },
  'DELETE /api/account/remove-photo': { scope: 'account', cases: [{ expect: 'own' }] },
  'GET /api/account/sessions': { scope: 'account', cases: [{ expect: 'read' }] },
  'DELETE /api/account/sessions/all': {
    scope: 'account',
    token: 403,
    cases: [{ expect: 'own', spare: true }],
  },
  'DELETE /api/account/sessions/{id}': {
    scope: 'account',
    token: 403,
    cases: [notFound(id((ids) => ids.aSessionId))],
  },
  'GET /api/account/tokens': { scope: 'account', cases: [{ expect: 'read' }] },
  'POST /api/account/tokens': {
    scope: 'account',
    token: 403,
    cases: [{ body: (ids) => ({ name: `CI ${ids.unique}` }), expect: 'own', status: 201 }],
  },
  // A token may revoke only itself; A's token is another.
  'DELETE /api/account/tokens/{id}': {
    scope: 'account',
    token: 403,
    cases: [notFound(id((ids) => ids.aTokenId))],
  },
  'GET /api/account/two-factor': { scope: 'account', cases: [{ expect: 'read' }] },
  'POST /api/account/two-factor/setup': {
    scope: 'account',
    token: 403,
    cases: [{ expect: 'own' }],
  },
  'POST /api/account/two-factor/enable': {
    scope: 'account',
    token: 403,
    cases: [{ label: 'a code no setup waits for', body: () => ({ code: '000000' }), expect: 400 }],
  },
  'POST /api/account/two-factor/disable': {
    scope: 'account',
    token: 403,
    cases: [{ label: 'no code', body: (ids) => ({ password: ids.callerPassword }), expect: 400 }],
  },

  // Workspaces: A's id in the path is 404; creating one is B's own.
  'POST /api/workspaces': {
    scope: 'account',
    cases: [
      {
        label: "A's id and logo smuggled into the body",
        body: (ids) => ({
          name: `Own ${ids.unique}`,
          id: ids.a.workspaceId,
          workspaceId: ids.a.workspaceId,
        }),
        expect: 'own',
        status: 201,
      },
    ],
  },
  'GET /api/user/workspaces': { scope: 'account', cases: [{ expect: 'read', showsB: true }] },
  'GET /api/workspaces/current': { scope: 'workspace', cases: [{ expect: 'read', showsB: true }] },
  // Counts of B's rows only.
  'GET /api/workspaces/current/usage': {
    scope: 'workspace',
    cases: [{ expect: 'read', countsStable: true }],
  },
  'GET /api/workspaces/current/settings': { scope: 'workspace', cases: [{ expect: 'read' }] },
  'PUT /api/workspaces/current/settings': {
    scope: 'workspace',
    cases: [{ body: () => ({ timezone: 'Asia/Tokyo' }), expect: 'own' }],
  },
  'POST /api/workspaces/{id}/switch': {
    scope: 'account',
    // A token names its workspace in X-Workspace-Id and cannot switch (workspaces.router).
    token: 400,
    cases: [notFound(id((ids) => ids.a.workspaceId))],
  },
  'PUT /api/workspaces/{id}': {
    scope: 'account',
    cases: [
      notFound(
        id((ids) => ids.a.workspaceId),
        () => ({ name: 'Renamed by B', description: 'changed' }),
      ),
    ],
  },
  'DELETE /api/workspaces/{id}': {
    scope: 'account',
    cases: [notFound(id((ids) => ids.a.workspaceId))],
  },
  'POST /api/workspaces/{id}/reactivate': {
    scope: 'account',
    cases: [{ params: id((ids) => ids.a.workspaceId), prepare: 'deleteA', expect: 404 }],
  },

  // Team: A's members are not B's.
  'GET /api/admin/users': { scope: 'workspace', cases: [{ expect: 'read' }] },
  'POST /api/admin/invite': {
    scope: 'workspace',
    cases: [
      {
        body: (ids) => ({
          email: `invitee-${ids.unique}@example.com`,
          fullName: 'Invitee',
          role: 'collaborator',
          workspaceId: ids.a.workspaceId,
        }),
        expect: 'own',
        status: 201,
      },
    ],
  },
  'PUT /api/admin/users/{id}/role': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.collaboratorUserId),
        () => ({ role: 'project_manager' }),
      ),
    ],
  },
  'PUT /api/admin/users/{id}/deactivate': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.collaboratorUserId))],
  },
  'DELETE /api/admin/users/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.collaboratorUserId))],
  },
  'GET /api/team/export': { scope: 'workspace', cases: [{ expect: 'read' }] },
  'GET /api/team/invitations': { scope: 'workspace', cases: [{ expect: 'read', showsB: true }] },
  'POST /api/team/invitations/{id}/resend': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.invitationId))],
  },
  'DELETE /api/team/invitations/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.invitationId))],
  },
  'GET /api/invite/{token}': {
    scope: 'public',
    why: 'The invitation token is the credential sent to the invitee; without it nothing shows.',
    cases: [{ params: () => ({ token: randomBytes(32).toString('base64url') }), expect: 404 }],
  },
  'POST /api/invite/{token}/accept': {
    scope: 'public',
    why: 'The invitation token is the credential sent to the invitee; without it nothing happens.',
    cases: [
      {
        params: () => ({ token: randomBytes(32).toString('base64url') }),
        body: () => ({ password: 'secret123' }),
        expect: 404,
      },
    ],
  },

  // Contacts and tags.
  'GET /api/persons': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true, countsStable: true },
      { query: searchA, expect: 'read' },
    ],
  },
  'POST /api/persons': {
    scope: 'workspace',
    cases: [
      {
        label: "A's organization",
        body: (ids) => ({ fullName: 'B Contact', companyId: ids.a.organizationId }),
        expect: 404,
      },
      {
        label: "A's member as assignee",
        body: (ids) => ({ fullName: 'B Contact', assignedUserId: ids.a.ownerUserId }),
        expect: 404,
      },
    ],
  },
  'PUT /api/persons/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.personId),
        () => ({ fullName: 'Changed' }),
      ),
      {
        label: "B's contact, A's organization",
        params: id((ids) => ids.b.personId),
        body: (ids) => ({ companyId: ids.a.organizationId }),
        expect: 404,
      },
      {
        label: "B's contact, A's member as assignee",
        params: id((ids) => ids.b.personId),
        body: (ids) => ({ assignedUserId: ids.a.ownerUserId }),
        expect: 404,
      },
    ],
  },
  'DELETE /api/persons/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.personId))],
  },
  'GET /api/contacts/with-tags': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      { query: searchA, expect: 'read' },
    ],
  },
  'GET /api/contacts/export': { scope: 'workspace', cases: [{ expect: 'read', showsB: true }] },
  'POST /api/contacts/import': {
    scope: 'workspace',
    cases: [
      {
        label: "a row naming A's organization (a new one of B's is made)",
        body: (ids) => ({
          rows: [
            {
              fullName: `Imported ${ids.unique}`,
              email: `imported-${ids.unique}@example.com`,
              organization: ids.a.workspaceName + ' Org',
            },
          ],
        }),
        expect: 'own',
      },
      {
        label: "a row naming A's tag (a new one of B's is made)",
        body: (ids) => ({
          rows: [{ fullName: `Tagged ${ids.unique}`, tags: ids.a.workspaceName + ' Tag' }],
        }),
        expect: 'own',
      },
    ],
  },
  'POST /api/contacts/bulk': {
    scope: 'workspace',
    cases: [
      {
        label: "A's contacts deleted (nothing of A's changes)",
        body: (ids) => ({ action: 'delete', ids: [ids.a.personId] }),
        expect: 'own',
      },
      {
        label: "A's contacts tagged with B's tag (nothing of A's changes)",
        body: (ids) => ({ action: 'tag', ids: [ids.a.personId], tagId: ids.b.tagId }),
        expect: 'own',
      },
      {
        label: "B's contact, A's tag",
        body: (ids) => ({ action: 'tag', ids: [ids.b.personId], tagId: ids.a.tagId }),
        expect: 404,
      },
      {
        label: "B's contact, A's member as assignee",
        body: (ids) => ({
          action: 'assign',
          ids: [ids.b.personId],
          assignedUserId: ids.a.ownerUserId,
        }),
        expect: 404,
      },
    ],
  },
  'POST /api/contacts/{id}/tags/{tagId}': {
    scope: 'workspace',
    cases: [
      notFound((ids) => ({ id: ids.a.personId, tagId: ids.a.tagId })),
      {
        label: "B's contact, A's tag",
        ...notFound((ids) => ({ id: ids.b.personId, tagId: ids.a.tagId })),
      },
      {
        label: "A's contact, B's tag",
        ...notFound((ids) => ({ id: ids.a.personId, tagId: ids.b.tagId })),
      },
    ],
  },
  'DELETE /api/contacts/{id}/tags/{tagId}': {
    scope: 'workspace',
    cases: [
      notFound((ids) => ({ id: ids.a.personId, tagId: ids.a.tagId })),
      {
        label: "B's contact, A's tag",
        ...notFound((ids) => ({ id: ids.b.personId, tagId: ids.a.tagId })),
      },
    ],
  },
  'GET /api/tags': { scope: 'workspace', cases: [{ expect: 'read', showsB: true }] },
  'POST /api/tags': {
    scope: 'workspace',
    cases: [
      { body: (ids) => ({ name: `tag-${ids.unique}`, color: 'red' }), expect: 'own', status: 201 },
    ],
  },

  // Organizations.
  'GET /api/organizations': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true, countsStable: true },
      { query: searchA, expect: 'read' },
    ],
  },
  'POST /api/organizations': {
    scope: 'workspace',
    cases: [
      {
        body: (ids) => ({ name: `Org ${ids.unique}`, workspaceId: ids.a.workspaceId }),
        expect: 'own',
        status: 201,
      },
    ],
  },
  'PUT /api/organizations/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.organizationId),
        () => ({ name: 'Changed Org' }),
      ),
    ],
  },
  'DELETE /api/organizations/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.organizationId))],
  },
  'GET /api/companies': { scope: 'workspace', cases: [{ expect: 'read', showsB: true }] },
  'GET /api/organizations/export': {
    scope: 'workspace',
    cases: [{ expect: 'read', showsB: true }],
  },
  'POST /api/organizations/import': {
    scope: 'workspace',
    cases: [
      {
        label: "a row with A's organization's name (a new one of B's is made)",
        body: (ids) => ({ rows: [{ name: `${ids.a.workspaceName} Org ${ids.unique}` }] }),
        expect: 'own',
      },
    ],
  },

  // Pipeline: an unknown stage key is 400 (pipeline.service checkReferences), other ids 404.
  'GET /api/leads': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true, countsStable: true },
      { query: searchA, expect: 'read' },
    ],
  },
  'POST /api/leads': {
    scope: 'workspace',
    cases: [
      {
        label: "A's contact",
        body: (ids) => ({ dealName: 'B Deal', personId: ids.a.personId }),
        expect: 404,
      },
      {
        label: "A's organization",
        body: (ids) => ({
          dealName: 'B Deal',
          personId: ids.b.personId,
          companyId: ids.a.organizationId,
        }),
        expect: 404,
      },
      {
        label: "A's member as owner",
        body: (ids) => ({
          dealName: 'B Deal',
          personId: ids.b.personId,
          assignedUserId: ids.a.ownerUserId,
        }),
        expect: 404,
      },
      {
        label: "A's stage key",
        body: (ids) => ({ dealName: 'B Deal', personId: ids.b.personId, stage: ids.a.stageKey }),
        expect: 400,
      },
    ],
  },
  'PUT /api/leads/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.leadId),
        () => ({ stage: 'won', value: 10 }),
      ),
      {
        label: "B's deal, A's contact",
        params: id((ids) => ids.b.leadId),
        body: (ids) => ({ personId: ids.a.personId }),
        expect: 404,
      },
      {
        label: "B's deal, A's organization",
        params: id((ids) => ids.b.leadId),
        body: (ids) => ({ companyId: ids.a.organizationId }),
        expect: 404,
      },
      {
        label: "B's deal, A's member as owner",
        params: id((ids) => ids.b.leadId),
        body: (ids) => ({ assignedUserId: ids.a.ownerUserId }),
        expect: 404,
      },
      {
        label: "B's deal, A's stage key",
        params: id((ids) => ids.b.leadId),
        body: (ids) => ({ stage: ids.a.stageKey }),
        expect: 400,
      },
    ],
  },
  'DELETE /api/leads/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.leadId))],
  },
  'GET /api/stages': { scope: 'workspace', cases: [{ expect: 'read', showsB: true }] },
  'POST /api/stages': {
    scope: 'workspace',
    cases: [{ body: (ids) => ({ label: `Stage ${ids.unique}` }), expect: 'own', status: 201 }],
  },
  'PUT /api/stages/reorder': {
    scope: 'workspace',
    cases: [
      {
        label: "A's stage ids: not B's pipeline, refused as a bad order",
        body: (ids) => ({ ids: [...ids.a.stageIds].reverse() }),
        expect: 400,
      },
      {
        label: "B's pipeline with A's custom stage in place of B's",
        body: (ids) => ({
          ids: ids.b.stageIds.map((s) => (s === ids.b.stageId ? ids.a.stageId : s)),
        }),
        expect: 400,
      },
    ],
  },
  'PUT /api/stages/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.stageId),
        () => ({ label: 'Renamed Stage' }),
      ),
    ],
  },
  'DELETE /api/stages/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.stageId))],
  },

  // The business profile: B reads and writes its own, never A's.
  'GET /api/settings/business': { scope: 'workspace', cases: [{ expect: 'read' }] },
  'PUT /api/settings/business': {
    scope: 'workspace',
    cases: [{ body: () => ({ taxId: 'B-TAX', legalName: 'B Legal' }), expect: 'own' }],
  },

  // Clients, projects, time.
  'GET /api/clients/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.clientId))],
  },
  'GET /api/clients': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      { query: searchA, expect: 'read' },
    ],
  },
  'POST /api/clients': {
    scope: 'workspace',
    cases: [
      {
        body: (ids) => ({
          name: `Client ${ids.unique}`,
          email: `client-${ids.unique}@example.com`,
          workspaceId: ids.a.workspaceId,
        }),
        expect: 'own',
        status: 201,
      },
    ],
  },
  'PUT /api/clients/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.clientId),
        () => ({ name: 'Changed Client' }),
      ),
      {
        label: "B's client linked to A's organization",
        params: id((ids) => ids.b.clientId),
        body: (ids) => ({ organizationId: ids.a.organizationId }),
        expect: 404,
      },
    ],
  },
  'DELETE /api/clients/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.clientId))],
  },
  'GET /api/projects': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      { query: searchA, expect: 'read' },
    ],
  },
  'POST /api/projects': {
    scope: 'workspace',
    cases: [
      {
        label: "A's client",
        body: (ids) => ({
          name: 'B Project',
          clientId: ids.a.clientId,
          budgetType: 'time',
          budgetLimit: 10,
          hourlyRate: 100,
        }),
        expect: 404,
      },
      {
        label: "A's member as assignee",
        body: (ids) => ({
          name: 'B Project',
          clientId: ids.b.clientId,
          budgetType: 'time',
          budgetLimit: 10,
          hourlyRate: 100,
          assignedUserId: ids.a.ownerUserId,
        }),
        expect: 404,
      },
    ],
  },
  'PUT /api/projects/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.projectId),
        () => ({ hourlyRate: 150 }),
      ),
      {
        label: "B's project, A's client",
        params: id((ids) => ids.b.projectId),
        body: (ids) => ({ clientId: ids.a.clientId }),
        expect: 404,
      },
      {
        label: "B's project, A's member as assignee",
        params: id((ids) => ids.b.projectId),
        body: (ids) => ({ assignedUserId: ids.a.ownerUserId }),
        expect: 404,
      },
    ],
  },
  'DELETE /api/projects/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.projectId))],
  },
  'GET /api/projects/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.projectId))],
  },
  // Tasks and their statuses: B never reads, moves or names A's.
  'GET /api/tasks': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      { query: searchA, expect: 'read' },
      { label: "A's project", query: (ids) => ({ projectId: ids.a.projectId }), expect: 'read' },
      { label: "A's member", query: (ids) => ({ assigneeId: ids.a.ownerUserId }), expect: 'read' },
    ],
  },
  'POST /api/tasks': {
    scope: 'workspace',
    cases: [
      {
        label: "A's project",
        body: (ids) => ({ title: 'B Task', projectId: ids.a.projectId }),
        expect: 404,
      },
      {
        label: "A's member as assignee",
        body: (ids) => ({
          title: 'B Task',
          projectId: ids.b.projectId,
          assigneeId: ids.a.ownerUserId,
        }),
        expect: 404,
      },
    ],
  },
  'PUT /api/tasks/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.taskId),
        () => ({ title: 'Taken' }),
      ),
      {
        label: "B's task, A's project",
        params: id((ids) => ids.b.taskId),
        body: (ids) => ({ projectId: ids.a.projectId }),
        expect: 404,
      },
      {
        label: "B's task, A's member as assignee",
        params: id((ids) => ids.b.taskId),
        body: (ids) => ({ assigneeId: ids.a.ownerUserId }),
        expect: 404,
      },
    ],
  },
  'POST /api/tasks/{id}/move': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.taskId),
        () => ({ status: 'done' }),
      ),
      {
        label: "B's task before A's task",
        params: id((ids) => ids.b.taskId),
        body: (ids) => ({ status: 'todo', beforeId: ids.a.taskId }),
        expect: 400,
      },
    ],
  },
  'DELETE /api/tasks/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.taskId))],
  },
  'GET /api/task-statuses': { scope: 'workspace', cases: [{ expect: 'read', showsB: true }] },
  'POST /api/task-statuses': {
    scope: 'workspace',
    cases: [{ body: (ids) => ({ label: `Status ${ids.unique}` }), expect: 'own', status: 201 }],
  },
  'PUT /api/task-statuses/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.taskStatusId),
        () => ({ label: 'Renamed Status' }),
      ),
    ],
  },
  'DELETE /api/task-statuses/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.taskStatusId))],
  },
  // Resourcing: A's members, their time and tasks are not in B's weeks.
  'GET /api/resourcing': {
    scope: 'workspace',
    cases: [{ expect: 'read', countsStable: true }],
  },
  // Reports: A's payments, invoices, time, expenses and members are in none of B's figures.
  ...Object.fromEntries(
    [
      'income',
      'income/export',
      'profitability',
      'profitability/export',
      'utilisation',
      'utilisation/export',
    ].map((path) => [
      `GET /api/reports/${path}`,
      { scope: 'workspace', cases: [{ expect: 'read', countsStable: true }] } as RestMatrixEntry,
    ]),
  ),
  'PUT /api/team/members/{id}/capacity': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.collaboratorUserId),
        () => ({ capacityHours: 20 }),
      ),
    ],
  },
  'GET /api/expenses': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true, countsStable: true },
      { label: "search for A's marker", query: searchA, expect: 'read' },
      {
        label: "filtered on A's client, project and category",
        query: (ids) => ({
          clientId: ids.a.clientId,
          projectId: ids.a.projectId,
          categoryId: ids.a.expenseCategoryId,
        }),
        expect: 'read',
      },
    ],
  },
  'GET /api/expenses/export': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      {
        label: "filtered on A's client",
        query: (ids) => ({ clientId: ids.a.clientId }),
        expect: 'read',
      },
    ],
  },
  'POST /api/expenses': {
    scope: 'workspace',
    cases: [
      {
        label: "A's project",
        body: (ids) => ({ date: '2026-11-20', amount: '5', projectId: ids.a.projectId }),
        expect: 404,
      },
      {
        label: "A's client",
        body: (ids) => ({ date: '2026-11-20', amount: '5', clientId: ids.a.clientId }),
        expect: 404,
      },
      {
        label: "A's category",
        body: (ids) => ({ date: '2026-11-20', amount: '5', categoryId: ids.a.expenseCategoryId }),
        expect: 404,
      },
    ],
  },
  'GET /api/expenses/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.expenseId))],
  },
  'PUT /api/expenses/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.expenseId),
        () => ({ amount: '3' }),
      ),
      {
        label: "B's expense moved to A's client",
        params: id((ids) => ids.b.expenseId),
        body: (ids) => ({ clientId: ids.a.clientId }),
        expect: 404,
      },
    ],
  },
  'DELETE /api/expenses/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.expenseId))],
  },
  'DELETE /api/expenses/{id}/receipt': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.expenseId))],
  },
  'GET /api/expense-categories': {
    scope: 'workspace',
    cases: [{ expect: 'read', showsB: true, countsStable: true }],
  },
  'POST /api/expense-categories': {
    scope: 'workspace',
    cases: [{ body: (ids) => ({ name: `Made ${ids.unique}` }), expect: 'own', status: 201 }],
  },
  'PUT /api/expense-categories/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.expenseCategoryId),
        () => ({ name: 'Renamed' }),
      ),
    ],
  },
  'DELETE /api/expense-categories/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.expenseCategoryId))],
  },
  'GET /api/time-entries': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      {
        label: "filtered on A's project",
        query: (ids) => ({ projectId: ids.a.projectId }),
        expect: 'read',
      },
    ],
  },
  'POST /api/time-entries': {
    scope: 'workspace',
    cases: [
      {
        label: "A's project",
        body: (ids) => ({ projectId: ids.a.projectId, hours: 1.5, date: '2026-11-20' }),
        expect: 404,
      },
    ],
  },
  'PUT /api/time-entries/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.timeEntryId),
        () => ({ hours: 3 }),
      ),
      {
        label: "B's entry moved to A's project",
        params: id((ids) => ids.b.timeEntryId),
        body: (ids) => ({ projectId: ids.a.projectId }),
        expect: 404,
      },
    ],
  },
  'DELETE /api/time-entries/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.timeEntryId))],
  },
  'GET /api/timer': { scope: 'workspace', cases: [{ prepare: 'startTimersInA', expect: 'read' }] },
  'POST /api/timer/start': {
    scope: 'workspace',
    cases: [{ label: "A's project", body: (ids) => ({ projectId: ids.a.projectId }), expect: 404 }],
  },
  // B has no timer of its own; A's members' timers must not be reached.
  'POST /api/timer/pause': {
    scope: 'workspace',
    cases: [{ prepare: 'startTimersInA', expect: 404 }],
  },
  'POST /api/timer/stop': {
    scope: 'workspace',
    cases: [{ prepare: 'startTimersInA', body: () => ({ date: '2026-11-25' }), expect: 404 }],
  },
  'DELETE /api/timer': {
    scope: 'workspace',
    cases: [{ prepare: 'startTimersInA', expect: 404 }],
  },
  'PUT /api/timer': {
    scope: 'workspace',
    cases: [{ prepare: 'startTimersInA', body: () => ({ description: 'x' }), expect: 404 }],
  },

  // Timesheets (issue 22): A's members and their weeks are unknown to B.
  'GET /api/timesheets': {
    scope: 'workspace',
    cases: [
      { label: "B's own week", query: () => ({ week: '2026-11-24' }), expect: 'read' },
      {
        label: "A's member",
        query: (ids) => ({ week: '2026-11-24', userId: ids.a.collaboratorUserId }),
        expect: 404,
      },
    ],
  },
  'GET /api/timesheets/pending': {
    scope: 'workspace',
    cases: [{ expect: 'read', countsStable: true }],
  },
  'POST /api/timesheets/submit': {
    scope: 'workspace',
    // A week of its own per call (a week is submitted once).
    cases: [
      { label: "B's own week", body: (ids) => ({ week: weekOf(ids.unique) }), expect: 'own' },
    ],
  },
  'POST /api/timesheets/approve': {
    scope: 'workspace',
    cases: [
      {
        label: "A's member's submitted week",
        body: (ids) => ({ userId: ids.a.collaboratorUserId, week: '2026-11-23' }),
        expect: 404,
      },
    ],
  },
  'POST /api/timesheets/reject': {
    scope: 'workspace',
    cases: [
      {
        label: "A's member's submitted week",
        body: (ids) => ({ userId: ids.a.collaboratorUserId, week: '2026-11-23', comment: 'No' }),
        expect: 404,
      },
    ],
  },
  'POST /api/timesheets/unlock': {
    scope: 'workspace',
    cases: [
      {
        label: "A's member",
        body: (ids) => ({ userId: ids.a.collaboratorUserId, week: '2026-11-23' }),
        expect: 404,
      },
    ],
  },
  'PUT /api/timesheets/cell': {
    scope: 'workspace',
    cases: [
      {
        label: "A's project",
        body: (ids) => ({ date: '2026-11-24', projectId: ids.a.projectId, hours: 1 }),
        expect: 404,
      },
      {
        label: "A's task on B's project",
        body: (ids) => ({
          date: '2026-11-24',
          projectId: ids.b.projectId,
          taskId: ids.a.taskId,
          hours: 1,
        }),
        expect: 404,
      },
    ],
  },

  // Notifications (issue 23): the caller's own only; A's ids are ignored, never marked.
  'GET /api/notifications': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true, countsStable: true },
      {
        label: 'mentions, unread',
        query: () => ({ filter: 'mentions', unread: 'true' }),
        expect: 'read',
      },
    ],
  },
  'GET /api/notifications/unread-count': {
    scope: 'workspace',
    cases: [{ expect: 'read', countsStable: true }],
  },
  'POST /api/notifications/read': {
    scope: 'workspace',
    cases: [
      {
        label: "A's notification and B's own",
        body: (ids) => ({ ids: [ids.a.notificationId, ids.b.notificationId] }),
        expect: 'own',
      },
      { label: 'all', body: () => ({ all: true }), expect: 'own' },
    ],
  },

  // Rate cards and re-pricing (issue 22): A's members, projects and cards are unknown to B.
  'GET /api/rates': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      {
        label: "filtered on A's project",
        query: (ids) => ({ projectId: ids.a.projectId }),
        expect: 'read',
      },
      {
        label: "filtered on A's member",
        query: (ids) => ({ userId: ids.a.collaboratorUserId }),
        expect: 'read',
      },
    ],
  },
  'POST /api/rates': {
    scope: 'workspace',
    cases: [
      {
        label: "A's project",
        body: (ids) => ({
          projectId: ids.a.projectId,
          billableRate: 1,
          costRate: 1,
          effectiveFrom: '2026-02-01',
        }),
        expect: 404,
      },
      {
        label: "A's member",
        body: (ids) => ({
          userId: ids.a.collaboratorUserId,
          billableRate: 1,
          costRate: 1,
          effectiveFrom: '2026-02-01',
        }),
        expect: 404,
      },
    ],
  },
  'PUT /api/rates/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.rateId),
        () => ({ billableRate: 1 }),
      ),
      {
        label: "B's card moved to A's project",
        params: id((ids) => ids.b.rateId),
        body: (ids) => ({ projectId: ids.a.projectId }),
        expect: 404,
      },
      {
        label: "B's card given to A's member",
        params: id((ids) => ids.b.rateId),
        body: (ids) => ({ userId: ids.a.collaboratorUserId }),
        expect: 404,
      },
    ],
  },
  'DELETE /api/rates/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.rateId))],
  },
  'POST /api/rates/reprice/preview': {
    scope: 'workspace',
    cases: [
      {
        label: "A's project",
        body: (ids) => ({ from: '2000-01-01', projectId: ids.a.projectId }),
        expect: 404,
      },
      {
        label: "A's member",
        body: (ids) => ({ from: '2000-01-01', userId: ids.a.collaboratorUserId }),
        expect: 404,
      },
      { label: "B's own time", body: () => ({ from: '2000-01-01' }), expect: 'own' },
    ],
  },
  'POST /api/rates/reprice': {
    scope: 'workspace',
    cases: [
      {
        label: "A's project",
        body: (ids) => ({ from: '2000-01-01', projectId: ids.a.projectId }),
        expect: 404,
      },
      {
        label: "A's member",
        body: (ids) => ({ from: '2000-01-01', userId: ids.a.collaboratorUserId }),
        expect: 404,
      },
      { label: "B's own time", body: () => ({ from: '2000-01-01' }), expect: 'own' },
    ],
  },

  // Invoices and proposals.
  'GET /api/invoices': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      { query: searchA, expect: 'read' },
      {
        label: "filtered on A's project",
        query: (ids) => ({ projectId: ids.a.projectId }),
        expect: 'read',
      },
    ],
  },
  'POST /api/invoices': {
    scope: 'workspace',
    cases: [
      { label: "A's client", body: (ids) => ({ clientId: ids.a.clientId }), expect: 404 },
      {
        label: "B's client, A's project",
        body: (ids) => ({ clientId: ids.b.clientId, projectId: ids.a.projectId }),
        expect: 404,
      },
      {
        label: "B's client and project, A's time entry",
        body: (ids) => ({
          clientId: ids.b.clientId,
          projectId: ids.b.projectId,
          timeEntryIds: [ids.a.timeEntryId],
        }),
        expect: 404,
      },
      {
        label: "B's client, A's expense",
        body: (ids) => ({ clientId: ids.b.clientId, expenseIds: [ids.a.expenseId] }),
        expect: 404,
      },
    ],
  },
  'PUT /api/invoices/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.invoiceId),
        () => ({ status: 'sent' }),
      ),
      {
        label: "B's draft moved to A's client",
        params: id((ids) => ids.b.invoiceId),
        body: (ids) => ({ clientId: ids.a.clientId }),
        expect: 404,
      },
      {
        label: "B's draft billing A's time",
        params: id((ids) => ids.b.invoiceId),
        body: (ids) => ({ projectId: ids.b.projectId, timeEntryIds: [ids.a.timeEntryId] }),
        expect: 404,
      },
    ],
  },
  'DELETE /api/invoices/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.invoiceId))],
  },
  'GET /api/invoices/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.invoiceId))],
  },
  'GET /api/invoices/{id}/pdf': {
    scope: 'workspace',
    cases: [
      notFound(id((ids) => ids.a.invoiceId)),
      {
        params: (ids) => ({ id: ids.a.invoiceId }),
        query: () => ({ format: 'facturx' }),
        expect: 404,
      },
    ],
  },
  'GET /api/invoices/{id}/einvoice': {
    scope: 'workspace',
    cases: [
      {
        params: (ids) => ({ id: ids.a.invoiceId }),
        query: () => ({ format: 'ubl' }),
        expect: 404,
      },
    ],
  },
  'POST /api/invoices/{id}/einvoice/validate': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.invoiceId))],
  },
  'POST /api/invoices/{id}/issue': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.invoiceId))],
  },
  'POST /api/invoices/{id}/void': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.invoiceId),
        () => ({ reason: 'Not yours' }),
      ),
    ],
  },
  'POST /api/invoices/{id}/payments': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.invoiceId),
        () => ({ amount: '1', date: '2026-11-20' }),
      ),
    ],
  },
  'DELETE /api/invoices/{id}/payments/{paymentId}': {
    scope: 'workspace',
    cases: [
      {
        params: (ids) => ({ id: ids.a.invoiceId, paymentId: 1 }),
        expect: 404,
      },
    ],
  },
  // Payments across invoices: A's client or invoice as a filter finds none of B's, and the
  // totals per currency (X-Total-Amounts) count B's payments only.
  'GET /api/payments': {
    scope: 'workspace',
    cases: [
      { expect: 'read', countsStable: true },
      { query: searchA, expect: 'read' },
      {
        label: "filtered on A's client",
        query: (ids) => ({ clientId: ids.a.clientId }),
        expect: 'read',
      },
      {
        label: "filtered on A's invoice",
        query: (ids) => ({ invoiceId: ids.a.invoiceId }),
        expect: 'read',
      },
    ],
  },
  'GET /api/payments/export': {
    scope: 'workspace',
    cases: [
      { expect: 'read' },
      {
        label: "filtered on A's client",
        query: (ids) => ({ clientId: ids.a.clientId }),
        expect: 'read',
      },
    ],
  },
  // Recurring invoices: A's templates are not found, nor can B's be pointed at A's client.
  'GET /api/recurring-invoices': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      { query: searchA, expect: 'read' },
    ],
  },
  'POST /api/recurring-invoices': {
    scope: 'workspace',
    cases: [
      {
        label: "A's client",
        body: (ids) => ({
          clientId: ids.a.clientId,
          lines: [{ description: 'Retainer', quantity: '1', unitPrice: '100' }],
          frequency: 'monthly',
          startDate: '2099-02-01',
        }),
        expect: 404,
      },
    ],
  },
  'GET /api/recurring-invoices/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.recurringInvoiceId))],
  },
  'PUT /api/recurring-invoices/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.recurringInvoiceId),
        () => ({ status: 'paused' }),
      ),
      {
        label: "B's template moved to A's client",
        params: id((ids) => ids.b.recurringInvoiceId),
        body: (ids) => ({ clientId: ids.a.clientId }),
        expect: 404,
      },
    ],
  },
  'DELETE /api/recurring-invoices/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.recurringInvoiceId))],
  },
  // Invoice email: A's invoice is not found; templates and schedule are B's own.
  'POST /api/invoices/{id}/send': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.invoiceId))],
  },
  'POST /api/invoices/{id}/email-preview': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.invoiceId))],
  },
  'GET /api/invoices/{id}/emails': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.invoiceId))],
  },
  'GET /api/invoices/{id}/reminders': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.invoiceId))],
  },
  // Credit notes: A's invoice cannot be credited nor read as creditable, A's credit notes
  // are not found, and a search or filter does not reach into A.
  'POST /api/invoices/{id}/credit-notes': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.invoiceId),
        () => ({ reason: 'Not yours' }),
      ),
    ],
  },
  'GET /api/invoices/{id}/creditable': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.invoiceId))],
  },
  'GET /api/credit-notes': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      { query: searchA, expect: 'read' },
      {
        label: "filtered on A's client and invoice",
        query: (ids) => ({ clientId: ids.a.clientId, invoiceId: ids.a.invoiceId }),
        expect: 'read',
      },
    ],
  },
  'GET /api/credit-notes/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.creditNoteId))],
  },
  'GET /api/credit-notes/{id}/pdf': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.creditNoteId))],
  },
  'GET /api/credit-notes/{id}/einvoice': {
    scope: 'workspace',
    cases: [
      {
        params: (ids) => ({ id: ids.a.creditNoteId }),
        query: () => ({ format: 'ubl' }),
        expect: 404,
      },
    ],
  },
  'POST /api/credit-notes/{id}/send': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.creditNoteId))],
  },
  'POST /api/credit-notes/{id}/email-preview': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.creditNoteId))],
  },
  'GET /api/credit-notes/{id}/emails': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.creditNoteId))],
  },
  'GET /api/settings/email-templates': { scope: 'workspace', cases: [{ expect: 'read' }] },
  'PUT /api/settings/email-templates': {
    scope: 'workspace',
    cases: [{ body: () => ({ invoiceSubject: 'B invoice {number}' }), expect: 'own' }],
  },
  'GET /api/settings/reminders': { scope: 'workspace', cases: [{ expect: 'read' }] },
  // Online payment (issue 42): B's settings and events only.
  'GET /api/settings/payments': { scope: 'workspace', cases: [{ expect: 'read' }] },
  'PUT /api/settings/payments': {
    scope: 'workspace',
    cases: [{ body: () => ({ publishableKey: 'pk_test_b' }), expect: 'own' }],
  },
  'POST /api/settings/payments/test': { scope: 'workspace', cases: [{ expect: 'own' }] },
  'GET /api/settings/payments/events': { scope: 'workspace', cases: [{ expect: 'read' }] },
  'PUT /api/settings/reminders': {
    scope: 'workspace',
    cases: [{ body: () => ({ enabled: true, offsets: [0, 7] }), expect: 'own' }],
  },
  'GET /api/proposals': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      { query: searchA, expect: 'read' },
    ],
  },
  'POST /api/proposals': {
    scope: 'workspace',
    cases: [
      {
        body: (ids) => ({
          title: `Proposal ${ids.unique}`,
          clientName: 'Someone',
          description: 'Work',
          amount: '100',
          workspaceId: ids.a.workspaceId,
        }),
        expect: 'own',
        status: 201,
      },
    ],
  },
  'PUT /api/proposals/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.proposalId),
        () => ({ status: 'sent' }),
      ),
    ],
  },
  'DELETE /api/proposals/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.proposalId))],
  },
  'POST /api/proposals/{id}/accept': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.proposalId),
        () => ({ name: 'Not yours', moveDealToWon: true }),
      ),
    ],
  },
  'POST /api/proposals/{id}/decline': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.proposalId))],
  },
  'POST /api/proposals/{id}/follow-ups': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.proposalId),
        () => ({ createProject: true }),
      ),
    ],
  },

  // Services: A's service is not found, not listed, not exported, not counted in categories.
  'GET /api/services': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      { query: searchA, expect: 'read' },
    ],
  },
  'GET /api/services/export': { scope: 'workspace', cases: [{ expect: 'read', showsB: true }] },
  'GET /api/services/categories': {
    scope: 'workspace',
    cases: [{ expect: 'read', showsB: true }],
  },
  'POST /api/services': {
    scope: 'workspace',
    cases: [
      {
        label: 'a service of its own',
        body: (ids) => ({ name: `Service ${ids.unique}`, unitPrice: '10' }),
        expect: 'own',
        status: 201,
      },
    ],
  },
  'GET /api/services/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.serviceId))],
  },
  'PUT /api/services/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.serviceId),
        () => ({ archived: true }),
      ),
    ],
  },
  'DELETE /api/services/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.serviceId))],
  },

  // Contract templates and contracts: A's are not found; A's client cannot be named.
  'GET /api/contract-templates': {
    scope: 'workspace',
    cases: [{ expect: 'read', showsB: true }],
  },
  'POST /api/contract-templates': {
    scope: 'workspace',
    cases: [
      {
        label: 'a template of its own',
        body: (ids) => ({ name: `Template ${ids.unique}`, body: 'For {{client.name}}' }),
        expect: 'own',
        status: 201,
      },
    ],
  },
  'GET /api/contract-templates/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.contractTemplateId))],
  },
  'PUT /api/contract-templates/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.contractTemplateId),
        () => ({ name: 'Not yours' }),
      ),
    ],
  },
  'DELETE /api/contract-templates/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.contractTemplateId))],
  },
  'GET /api/contracts': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      { query: searchA, expect: 'read' },
    ],
  },
  'POST /api/contracts': {
    scope: 'workspace',
    cases: [
      {
        label: "A's client",
        body: (ids) => ({ clientId: ids.a.clientId, title: 'Not yours', body: 'Terms' }),
        expect: 404,
      },
      {
        label: "A's template for B's client",
        body: (ids) => ({
          clientId: ids.b.clientId,
          title: 'Not yours',
          templateId: ids.a.contractTemplateId,
        }),
        expect: 404,
      },
    ],
  },
  'GET /api/contracts/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.contractId))],
  },
  'PUT /api/contracts/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.contractId),
        () => ({ title: 'Not yours' }),
      ),
      {
        label: "B's draft moved to A's client",
        params: id((ids) => ids.b.contractId),
        body: (ids) => ({ clientId: ids.a.clientId }),
        expect: 404,
      },
    ],
  },
  'DELETE /api/contracts/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.contractId))],
  },
  'POST /api/contracts/{id}/send': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.contractId))],
  },
  'POST /api/contracts/{id}/revise': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.contractId))],
  },
  'POST /api/contracts/{id}/countersign': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.contractId),
        () => ({ name: 'Mallory', signature: { typed: 'Mallory' } }),
      ),
    ],
  },
  'POST /api/contracts/{id}/void': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.contractId),
        () => ({ reason: 'Not yours' }),
      ),
    ],
  },
  'GET /api/contracts/{id}/audit': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.contractId))],
  },
  'GET /api/contracts/{id}/pdf': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.contractId))],
  },
  'GET /api/portal/{token}/contracts/{id}': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: (ids) => ({ token: randomBytes(32).toString('base64url'), id: ids.a.contractId }),
        expect: 404,
      },
    ],
  },
  'GET /api/portal/{token}/contracts/{id}/pdf': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: (ids) => ({ token: randomBytes(32).toString('base64url'), id: ids.a.contractId }),
        expect: 404,
      },
    ],
  },
  'POST /api/portal/{token}/contracts/{id}/sign': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: (ids) => ({ token: randomBytes(32).toString('base64url'), id: ids.a.contractId }),
        body: () => ({ name: 'Mallory', signature: { typed: 'Mallory' }, consent: true }),
        expect: 404,
      },
    ],
  },
  'POST /api/portal/{token}/contracts/{id}/decline': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: (ids) => ({ token: randomBytes(32).toString('base64url'), id: ids.a.contractId }),
        body: () => ({ reason: 'Mallory' }),
        expect: 404,
      },
    ],
  },

  // Estimates: A's estimate is not found; A's client cannot be used.
  'GET /api/estimates': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      { query: searchA, expect: 'read' },
    ],
  },
  'POST /api/estimates': {
    scope: 'workspace',
    cases: [{ label: "A's client", body: (ids) => ({ clientId: ids.a.clientId }), expect: 404 }],
  },
  'GET /api/estimates/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.estimateId))],
  },
  'PUT /api/estimates/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.estimateId),
        () => ({ status: 'sent' }),
      ),
      {
        label: "B's draft moved to A's client",
        params: id((ids) => ids.b.estimateId),
        body: (ids) => ({ clientId: ids.a.clientId }),
        expect: 404,
      },
    ],
  },
  'DELETE /api/estimates/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.estimateId))],
  },
  'GET /api/estimates/{id}/pdf': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.estimateId))],
  },
  'POST /api/estimates/{id}/send': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.estimateId))],
  },
  'POST /api/estimates/{id}/email-preview': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.estimateId))],
  },
  'GET /api/estimates/{id}/emails': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.estimateId))],
  },
  'POST /api/estimates/{id}/accept': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.estimateId),
        () => ({ name: 'Not yours' }),
      ),
    ],
  },
  'POST /api/estimates/{id}/decline': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.estimateId))],
  },
  'POST /api/estimates/{id}/convert': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.estimateId))],
  },

  // Scheduling (issue 44): B's members reach B's types and bookings only. The public paths
  // take a slug or token naming its workspace: A's slug under B's id, or a token of A's id
  // that is no live one, opens nothing.
  'GET /api/booking-types': { scope: 'workspace', cases: [{ expect: 'read', showsB: true }] },
  'POST /api/booking-types': {
    scope: 'workspace',
    cases: [
      {
        label: 'a type of its own',
        body: (ids) => ({ name: `Call ${ids.unique}`, durationMinutes: 30 }),
        expect: 'own',
        status: 201,
      },
      {
        label: "a deal in A's stage",
        body: (ids) => ({
          name: `Call ${ids.unique}`,
          durationMinutes: 30,
          deal: { stageId: ids.a.stageId },
        }),
        expect: 404,
      },
    ],
  },
  'GET /api/booking-types/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.bookingTypeId))],
  },
  'PUT /api/booking-types/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.bookingTypeId),
        () => ({ durationMinutes: 60 }),
      ),
      {
        label: "B's type moved into A's stage",
        params: id((ids) => ids.b.bookingTypeId),
        body: (ids) => ({ deal: { stageId: ids.a.stageId } }),
        expect: 404,
      },
    ],
  },
  'DELETE /api/booking-types/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.bookingTypeId))],
  },
  'GET /api/availability': { scope: 'workspace', cases: [{ expect: 'read' }] },
  'PUT /api/availability': {
    scope: 'workspace',
    cases: [
      {
        body: () => ({
          timezone: 'Europe/Berlin',
          weekly: { mon: [{ start: '09:00', end: '17:00' }] },
        }),
        expect: 'own',
      },
    ],
  },
  'GET /api/bookings': { scope: 'workspace', cases: [{ expect: 'read', showsB: true }] },
  'POST /api/bookings/{id}/cancel': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.bookingId),
        () => ({ reason: 'Mallory' }),
      ),
    ],
  },
  'POST /api/bookings/{id}/reschedule': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.bookingId),
        () => ({ start: '2027-03-02T10:00:00Z' }),
      ),
    ],
  },
  'GET /api/calendar-feed': { scope: 'workspace', cases: [{ expect: 'own' }] },
  'POST /api/calendar-feed': { scope: 'workspace', cases: [{ expect: 'own' }] },
  'DELETE /api/calendar-feed': { scope: 'workspace', cases: [{ expect: 'own' }] },
  'GET /api/calendar-feed/{token}.ics': {
    scope: 'public',
    why: BOOKING_WHY,
    cases: [{ params: (ids) => ({ token: scopedToken(ids.a.workspaceId) }), expect: 404 }],
  },
  'GET /api/public/booking/{slug}': {
    scope: 'public',
    why: BOOKING_WHY,
    cases: [
      {
        label: "A's slug under B's workspace id",
        params: (ids) => ({ slug: `${ids.b.workspaceId}-call-${ids.a.marker}` }),
        query: () => ({ from: '2027-03-01', to: '2027-03-01', timezone: 'UTC' }),
        expect: 404,
      },
    ],
  },
  'POST /api/public/booking/{slug}/bookings': {
    scope: 'public',
    why: BOOKING_WHY,
    cases: [
      {
        label: "A's slug under B's workspace id",
        params: (ids) => ({ slug: `${ids.b.workspaceId}-call-${ids.a.marker}` }),
        body: () => ({
          start: '2027-03-01T10:00:00Z',
          name: 'Mallory',
          email: 'mallory@example.com',
          timezone: 'UTC',
        }),
        expect: 404,
      },
    ],
  },
  'GET /api/public/bookings/{token}': {
    scope: 'public',
    why: BOOKING_WHY,
    cases: [{ params: (ids) => ({ token: scopedToken(ids.a.workspaceId) }), expect: 404 }],
  },
  'POST /api/public/bookings/{token}/cancel': {
    scope: 'public',
    why: BOOKING_WHY,
    cases: [{ params: (ids) => ({ token: scopedToken(ids.a.workspaceId) }), expect: 404 }],
  },
  'POST /api/public/bookings/{token}/reschedule': {
    scope: 'public',
    why: BOOKING_WHY,
    cases: [
      {
        params: (ids) => ({ token: scopedToken(ids.a.workspaceId) }),
        body: () => ({ start: '2027-03-01T10:00:00Z' }),
        expect: 404,
      },
    ],
  },

  // The client portal: B's members manage B's clients' links only; the portal paths take
  // a token as their only credential (a random one: 404 to everyone).
  'GET /api/portal-links': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      { query: searchA, expect: 'read' },
    ],
  },
  'GET /api/clients/{id}/portal-link': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.clientId))],
  },
  'POST /api/clients/{id}/portal-link': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.clientId))],
  },
  'DELETE /api/clients/{id}/portal-link': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.clientId))],
  },
  'GET /api/portal/{token}': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: () => ({ token: randomBytes(32).toString('base64url') }),
        expect: 404,
      },
    ],
  },
  'GET /api/portal/{token}/invoices/{id}': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: (ids) => ({ token: randomBytes(32).toString('base64url'), id: ids.a.invoiceId }),
        expect: 404,
      },
    ],
  },
  'POST /api/portal/{token}/invoices/{id}/checkout': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: (ids) => ({ token: randomBytes(32).toString('base64url'), id: ids.a.invoiceId }),
        expect: 404,
      },
    ],
  },
  // Stripe's webhook: the endpoint key names the workspace and the signature proves Stripe;
  // an unknown key is 404 and changes nothing.
  'POST /api/webhooks/stripe/{endpointKey}': {
    scope: 'public',
    why: "Stripe calls it with the workspace's random endpoint key and a signature; no session or token plays a part.",
    cases: [
      {
        params: () => ({ endpointKey: randomBytes(24).toString('base64url') }),
        body: () => ({ id: 'evt_matrix', type: 'checkout.session.completed' }),
        expect: 404,
      },
    ],
  },
  'GET /api/portal/{token}/invoices/{id}/pdf': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: (ids) => ({ token: randomBytes(32).toString('base64url'), id: ids.a.invoiceId }),
        expect: 404,
      },
    ],
  },
  'GET /api/portal/{token}/credit-notes/{id}/pdf': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: (ids) => ({ token: randomBytes(32).toString('base64url'), id: ids.a.creditNoteId }),
        expect: 404,
      },
    ],
  },
  'GET /api/portal/{token}/invoices/{id}/einvoice': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: (ids) => ({ token: randomBytes(32).toString('base64url'), id: ids.a.invoiceId }),
        query: () => ({ format: 'ubl' }),
        expect: 404,
      },
    ],
  },
  'GET /api/portal/{token}/credit-notes/{id}/einvoice': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: (ids) => ({ token: randomBytes(32).toString('base64url'), id: ids.a.creditNoteId }),
        query: () => ({ format: 'ubl' }),
        expect: 404,
      },
    ],
  },
  'GET /api/portal/{token}/estimates/{id}/pdf': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: () => ({ token: randomBytes(32).toString('base64url'), id: 1 }),
        expect: 404,
      },
    ],
  },
  'POST /api/portal/{token}/estimates/{id}/accept': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: () => ({ token: randomBytes(32).toString('base64url'), id: 1 }),
        body: () => ({ name: 'Mallory' }),
        expect: 404,
      },
    ],
  },
  'POST /api/portal/{token}/estimates/{id}/decline': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: () => ({ token: randomBytes(32).toString('base64url'), id: 1 }),
        body: () => ({ name: 'Mallory' }),
        expect: 404,
      },
    ],
  },
  'POST /api/portal/{token}/proposals/{id}/view': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: (ids) => ({ token: randomBytes(32).toString('base64url'), id: ids.a.proposalId }),
        expect: 404,
      },
    ],
  },
  'POST /api/portal/{token}/proposals/{id}/accept': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: (ids) => ({ token: randomBytes(32).toString('base64url'), id: ids.a.proposalId }),
        body: () => ({ name: 'Mallory' }),
        expect: 404,
      },
    ],
  },
  'POST /api/portal/{token}/proposals/{id}/decline': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: (ids) => ({ token: randomBytes(32).toString('base64url'), id: ids.a.proposalId }),
        body: () => ({ name: 'Mallory' }),
        expect: 404,
      },
    ],
  },
  'GET /api/portal/{token}/logo': {
    scope: 'public',
    why: PORTAL_WHY,
    cases: [
      {
        params: () => ({ token: randomBytes(32).toString('base64url') }),
        expect: 404,
      },
    ],
  },

  // Dashboards: counts and sums of B's rows only.
  'GET /api/dashboard/stats': {
    scope: 'workspace',
    cases: [{ expect: 'read', countsStable: true }],
  },
  'GET /api/dashboard/financial-overview': {
    scope: 'workspace',
    cases: [{ expect: 'read', countsStable: true }],
  },

  // Platform administration: B's member is no platform admin, so 403 whatever the ids.
  'GET /api/admin/dashboard': { scope: 'platform', why: PLATFORM, cases: [{ expect: 403 }] },
  'GET /api/admin/jobs': { scope: 'platform', why: PLATFORM, cases: [{ expect: 403 }] },
  'POST /api/admin/jobs/{id}/retry': {
    scope: 'platform',
    why: PLATFORM,
    cases: [
      {
        params: () => ({ id: '00000000-0000-4000-8000-000000000000' }),
        body: () => ({ queue: 'housekeeping' }),
        expect: 403,
      },
    ],
  },
  'GET /api/admin/all-users': {
    scope: 'platform',
    why: PLATFORM,
    cases: [{ query: searchA, expect: 403 }],
  },
  'POST /api/admin/all-users': {
    scope: 'platform',
    why: PLATFORM,
    cases: [
      {
        body: (ids) => ({ fullName: 'Made', email: `made-${ids.unique}@example.com` }),
        expect: 403,
      },
    ],
  },
  'PUT /api/admin/users/{id}': {
    scope: 'platform',
    why: PLATFORM,
    cases: [
      {
        params: id((ids) => ids.a.collaboratorUserId),
        body: (ids) => ({
          fullName: 'Renamed',
          email: `renamed-${ids.unique}@example.com`,
          isActive: true,
        }),
        expect: 403,
      },
    ],
  },
  'DELETE /api/admin/users/{id}/two-factor': {
    scope: 'platform',
    why: PLATFORM,
    cases: [{ params: id((ids) => ids.a.collaboratorUserId), expect: 403 }],
  },
  'PUT /api/admin/users/{id}/status': {
    scope: 'platform',
    why: PLATFORM,
    cases: [
      {
        params: id((ids) => ids.a.collaboratorUserId),
        body: () => ({ isActive: false }),
        expect: 403,
      },
    ],
  },
  'PUT /api/admin/users/{id}/workspaces/{workspaceId}': {
    scope: 'platform',
    why: PLATFORM,
    cases: [
      {
        params: (ids) => ({ id: ids.b.ownerUserId, workspaceId: ids.a.workspaceId }),
        body: () => ({ role: 'owner' }),
        expect: 403,
      },
    ],
  },
  'GET /api/admin/all-workspaces': { scope: 'platform', why: PLATFORM, cases: [{ expect: 403 }] },
  'GET /api/admin/workspaces/{id}': {
    scope: 'platform',
    why: PLATFORM,
    cases: [{ params: id((ids) => ids.a.workspaceId), expect: 403 }],
  },
  'GET /api/admin/workspaces/{id}/users': {
    scope: 'platform',
    why: PLATFORM,
    cases: [{ params: id((ids) => ids.a.workspaceId), expect: 403 }],
  },
  'PUT /api/admin/workspaces/{id}/status': {
    scope: 'platform',
    why: PLATFORM,
    cases: [
      { params: id((ids) => ids.a.workspaceId), body: () => ({ isActive: false }), expect: 403 },
    ],
  },
  'GET /api/admin/all-invitations': { scope: 'platform', why: PLATFORM, cases: [{ expect: 403 }] },
  'POST /api/admin/invitations/{id}/resend': {
    scope: 'platform',
    why: PLATFORM,
    cases: [{ params: id((ids) => ids.a.invitationId), expect: 403 }],
  },
  'DELETE /api/admin/invitations/{id}': {
    scope: 'platform',
    why: PLATFORM,
    cases: [{ params: id((ids) => ids.a.invitationId), expect: 403 }],
  },
  'GET /api/admin/activity-logs': { scope: 'platform', why: PLATFORM, cases: [{ expect: 403 }] },
  'GET /api/admin/activity-logs/export': {
    scope: 'platform',
    why: PLATFORM,
    cases: [{ expect: 403 }],
  },

  // Files (src/server/domains/files/files.routes.ts): a session or an API token. An upload
  // is the caller's own file until a workspace they manage takes it as its logo.
  'POST /api/upload/workspace-logo': {
    scope: 'account',
    cases: [{ upload: 'logo', expect: 'own', status: 201 }],
  },
  // A token may not change its user's profile (the photo needs a signed-in session).
  'POST /api/account/upload-photo': {
    scope: 'account',
    token: 403,
    cases: [{ upload: 'profileImage', expect: 'own', status: 201 }],
  },
  'GET /api/files/{key}': {
    scope: 'workspace',
    cases: [
      { label: "A's workspace logo", ...notFound((ids) => ({ key: ids.a.logoKey })) },
      { label: "A's owner's profile photo", ...notFound((ids) => ({ key: ids.a.photoKey })) },
      { label: "A's expense receipt", ...notFound((ids) => ({ key: ids.a.receiptKey })) },
    ],
  },
  // Expenses (issue 23): the receipt upload is a plain multipart route.
  'POST /api/expenses/{id}/receipt': {
    scope: 'workspace',
    cases: [
      {
        label: "A's expense",
        params: id((ids) => ids.a.expenseId),
        upload: 'receipt',
        expect: 404,
      },
      {
        label: "B's own expense",
        params: id((ids) => ids.b.expenseId),
        upload: 'receipt',
        expect: 'own',
        status: 201,
      },
    ],
  },
  // Issue 41, item 6: a supplier's e-invoice becomes a draft expense of the caller's own
  // workspace (each call a new invoice number: the same one twice is a 409).
  'POST /api/expenses/import-einvoice': {
    scope: 'workspace',
    cases: [
      {
        upload: 'file',
        file: (ids) => ({
          name: 'supplier.xml',
          type: 'application/xml',
          data: Buffer.from(supplierInvoice(ids.unique)),
        }),
        expect: 'own',
        status: 201,
      },
    ],
  },
  'POST /api/expenses/{id}/confirm': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.expenseId))],
  },

  // Banking (issue 43): A's accounts and transactions are not found; lists, filters and
  // searches answer B's own only; a statement goes into B's own account only.
  'GET /api/bank-accounts': { scope: 'workspace', cases: [{ expect: 'read', showsB: true }] },
  'POST /api/bank-accounts': {
    scope: 'workspace',
    cases: [
      {
        body: (ids) => ({ name: `B bank ${ids.unique}`, currency: 'EUR' }),
        expect: 'own',
        status: 201,
      },
    ],
  },
  'GET /api/bank-accounts/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.bankAccountId))],
  },
  'PUT /api/bank-accounts/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.bankAccountId),
        () => ({ name: 'Not yours' }),
      ),
    ],
  },
  'DELETE /api/bank-accounts/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.bankAccountId))],
  },
  'GET /api/bank-accounts/{id}/reconciliation': {
    scope: 'workspace',
    cases: [
      {
        params: id((ids) => ids.a.bankAccountId),
        query: () => ({ month: '2026-11' }),
        expect: 404,
      },
    ],
  },
  'POST /api/bank-accounts/{id}/imports': {
    scope: 'workspace',
    cases: [
      {
        label: "A's account",
        params: id((ids) => ids.a.bankAccountId),
        upload: 'file',
        file: () => ({ name: 'statement.sta', type: 'text/plain', data: Buffer.from(mt940()) }),
        expect: 404,
      },
      {
        label: "B's own account",
        params: id((ids) => ids.b.bankAccountId),
        upload: 'file',
        file: () => ({ name: 'statement.sta', type: 'text/plain', data: Buffer.from(mt940()) }),
        expect: 'own',
      },
    ],
  },
  'GET /api/bank-transactions': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      {
        label: "searched for A's marker",
        query: (ids) => ({ q: ids.a.marker }),
        expect: 'read',
      },
      {
        label: "filtered on A's account",
        query: (ids) => ({ accountId: ids.a.bankAccountId }),
        expect: 'read',
        countsStable: true,
      },
    ],
  },
  'GET /api/bank-transactions/export': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      { query: (ids) => ({ accountId: ids.a.bankAccountId }), expect: 'read' },
    ],
  },
  'GET /api/bank-transactions/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.bankTransactionId))],
  },
  'GET /api/bank-transactions/{id}/suggestions': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.bankTransactionId))],
  },
  'POST /api/bank-transactions/{id}/match': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.bankTransactionId),
        (ids) => ({ invoiceId: ids.a.invoiceId }),
      ),
      {
        label: "A's invoice from B's own transaction",
        params: id((ids) => ids.b.bankTransactionId),
        body: (ids) => ({ invoiceId: ids.a.invoiceId }),
        expect: 404,
      },
      {
        label: "A's expense from B's own transaction",
        params: id((ids) => ids.b.bankTransactionId),
        body: (ids) => ({ expenseId: ids.a.expenseId }),
        expect: 404,
      },
    ],
  },
  'POST /api/bank-transactions/{id}/unmatch': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.bankTransactionId))],
  },
  'POST /api/bank-transactions/{id}/ignore': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.bankTransactionId))],
  },
  'POST /api/bank-transactions/{id}/expense': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.bankTransactionId),
        () => ({ vendor: 'Not yours' }),
      ),
    ],
  },
  'POST /api/bank-accounts/{id}/auto-match': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.bankAccountId))],
  },
  'GET /api/bank-rules': { scope: 'workspace', cases: [{ expect: 'read', showsB: true }] },
  'POST /api/bank-rules': {
    scope: 'workspace',
    cases: [
      {
        label: "A's category",
        body: (ids) => ({
          name: 'Not yours',
          conditions: { field: 'any', contains: 'x' },
          action: { type: 'categorise', categoryId: ids.a.expenseCategoryId },
        }),
        expect: 404,
      },
      {
        body: (ids) => ({
          name: `B rule ${ids.unique}`,
          conditions: { field: 'any', contains: 'nothing here' },
          action: { type: 'ignore' },
        }),
        expect: 'own',
        status: 201,
      },
    ],
  },
  'PUT /api/bank-rules/reorder': {
    scope: 'workspace',
    cases: [
      {
        label: "A's rule id: not B's rules, refused as a bad order",
        body: (ids) => ({ ids: [ids.a.bankRuleId] }),
        expect: 400,
      },
    ],
  },
  'PUT /api/bank-rules/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.bankRuleId),
        () => ({
          name: 'Not yours',
          conditions: { field: 'any', contains: 'nothing here' },
          action: { type: 'ignore' },
        }),
      ),
    ],
  },
  'DELETE /api/bank-rules/{id}': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.bankRuleId))],
  },
  'POST /api/bank-rules/apply': { scope: 'workspace', cases: [{ expect: 'own' }] },

  // Lead forms (issue 44).
  'GET /api/forms': {
    scope: 'workspace',
    cases: [
      { expect: 'read', showsB: true },
      { query: searchA, expect: 'read' },
    ],
  },
  'POST /api/forms': {
    scope: 'workspace',
    cases: [
      {
        label: "A's stage",
        body: (ids) => ({ name: 'Not yours', fields: [], deal: { stageId: ids.a.stageIds[0] } }),
        expect: 404,
      },
      {
        label: "A's member as assignee",
        body: (ids) => ({
          name: 'Not yours',
          fields: [],
          deal: { stageId: ids.b.stageIds[0], assigneeId: ids.a.collaboratorUserId },
        }),
        expect: 404,
      },
      {
        body: (ids) => ({ name: `B form ${ids.unique}`, fields: [] }),
        expect: 'own',
        status: 201,
      },
    ],
  },
  'GET /api/forms/submissions': {
    scope: 'workspace',
    cases: [{ query: (ids) => ({ personId: ids.a.personId }), expect: 404 }],
  },
  'GET /api/forms/{id}': { scope: 'workspace', cases: [notFound(id((ids) => ids.a.formId))] },
  'PUT /api/forms/{id}': {
    scope: 'workspace',
    cases: [
      notFound(
        id((ids) => ids.a.formId),
        () => ({ name: 'Not yours' }),
      ),
      {
        label: "A's stage on B's form",
        params: id((ids) => ids.b.formId),
        body: (ids) => ({ deal: { stageId: ids.a.stageIds[0] } }),
        expect: 404,
      },
    ],
  },
  'DELETE /api/forms/{id}': { scope: 'workspace', cases: [notFound(id((ids) => ids.a.formId))] },
  'GET /api/forms/{id}/submissions': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.formId))],
  },
  'GET /api/forms/{id}/submissions/export': {
    scope: 'workspace',
    cases: [notFound(id((ids) => ids.a.formId))],
  },
  'GET /api/public/forms/{slug}': {
    scope: 'public',
    why: FORM_WHY,
    cases: [
      { label: "A's slug under B's id", params: slugUnderB, expect: 404 },
      { params: () => ({ slug: `1-${randomBytes(8).toString('hex')}` }), expect: 404 },
    ],
  },
  'POST /api/public/forms/{slug}/submissions': {
    scope: 'public',
    why: FORM_WHY,
    cases: [
      {
        label: "A's slug under B's id",
        params: slugUnderB,
        body: (ids) => ({ answers: { email: `${ids.unique}@example.com` } }),
        expect: 404,
      },
    ],
  },

  // Documents about the API itself.
  'GET /api/openapi.json': {
    scope: 'public',
    why: 'The OpenAPI document is built from code at start-up; it holds no rows.',
    cases: [{ expect: 'read' }],
  },
  'GET /api/health': {
    scope: 'public',
    why: 'A liveness answer ({status: "ok"}); it holds no rows.',
    cases: [{ expect: 'read' }],
  },
};
