import type { Migration } from 'kysely';
import * as initialSchema from './migrations/2026-11-25-0001-initial-schema.ts';
import * as contactLookups from './migrations/2026-11-25-0002-contact-lookups.ts';
import * as billing from './migrations/2026-11-25-0003-billing.ts';
import * as apiTokens from './migrations/2026-11-25-0004-api-tokens.ts';
import * as contactSearch from './migrations/2026-11-26-0005-contact-search.ts';
import * as dealOrder from './migrations/2026-11-26-0006-deal-order.ts';
import * as contactSearchText from './migrations/2026-11-26-0007-contact-search-text.ts';
import * as hardening from './migrations/2026-11-26-0008-hardening.ts';
import * as contactNameOrder from './migrations/2026-11-26-0009-contact-name-order.ts';
import * as invoiceEngine from './migrations/2026-11-27-0010-invoice-engine.ts';
import * as accountSecurity from './migrations/2026-11-27-0011-account-security.ts';
import * as estimates from './migrations/2026-11-27-0013-estimates.ts';
import * as clientPortal from './migrations/2026-11-27-0014-client-portal.ts';
import * as invoiceEmail from './migrations/2026-11-27-0015-invoice-email.ts';
import * as recurringInvoices from './migrations/2026-11-27-0016-recurring-invoices.ts';
import * as theWork from './migrations/2026-11-27-0017-the-work.ts';
import * as twoFactorReplay from './migrations/2026-11-27-0023-two-factor-replay.ts';
import * as moneyPicture from './migrations/2026-11-27-0024-money-picture.ts';
import * as rowCounts from './migrations/2026-11-27-0025-row-counts.ts';
import * as systemActor from './migrations/2026-11-28-0026-system-actor.ts';
import * as portalLinkExpiry from './migrations/2026-11-28-0027-portal-link-expiry.ts';
import * as invoiceEmailClaims from './migrations/2026-11-28-0028-invoice-email-claims.ts';
import * as estimateEmails from './migrations/2026-11-29-0030-estimate-emails.ts';
import * as workspaceClock from './migrations/2026-11-29-0032-workspace-clock.ts';
import * as timeRoundingEmailedAt from './migrations/2026-11-29-0033-time-rounding-emailed-at.ts';
import * as businessLogo from './migrations/2026-11-29-0034-business-logo.ts';
import * as services from './migrations/2026-11-30-0035-services.ts';
import * as lineServices from './migrations/2026-11-30-0036-line-services.ts';
import * as contracts from './migrations/2026-11-30-0037-contracts.ts';
import * as workspaceSigningKeys from './migrations/2026-11-30-0038-workspace-signing-keys.ts';
import * as lineUnits from './migrations/2026-11-30-0039-line-units.ts';
import * as einvoiceFields from './migrations/2026-12-01-0040-einvoice-fields.ts';
import * as creditNotes from './migrations/2026-12-01-0041-credit-notes.ts';
import * as expenseEinvoiceImport from './migrations/2026-12-01-0042-expense-einvoice-import.ts';
import * as contractEmailTemplates from './migrations/2026-12-01-0044-contract-email-templates.ts';
import * as contractSealedPdf from './migrations/2026-12-01-0045-contract-sealed-pdf.ts';
import * as recurringRunFailure from './migrations/2026-12-01-0046-recurring-run-failure.ts';
import * as onlinePayments from './migrations/2026-12-01-0047-online-payments.ts';
import * as banking from './migrations/2026-12-01-0048-banking.ts';
import * as bankRules from './migrations/2026-12-01-0049-bank-rules.ts';
import * as forms from './migrations/2026-12-01-0050-forms.ts';
import * as scheduling from './migrations/2026-12-01-0051-scheduling.ts';
import * as dealTags from './migrations/2026-12-01-0052-deal-tags.ts';
import * as citusKeys from './migrations/2026-12-01-0060-citus-keys.ts';
import * as businessProfilesForAll from './migrations/2026-12-01-0061-business-profiles-for-all.ts';

/**
 * Every migration of db/migrations, in order. A static list rather than a folder scan, so
 * the same code runs under tsx, vitest and the server's bundle; `npx kysely migrate make
 * <name>` (kysely.config.ts) writes a new file there, which is then added here
 * (tests/server/schema.test.ts fails until it is).
 */
export const migrations: Record<string, Migration> = {
  '2026-11-25-0001-initial-schema': initialSchema,
  '2026-11-25-0002-contact-lookups': contactLookups,
  '2026-11-25-0003-billing': billing,
  '2026-11-25-0004-api-tokens': apiTokens,
  '2026-11-26-0005-contact-search': contactSearch,
  '2026-11-26-0006-deal-order': dealOrder,
  '2026-11-26-0007-contact-search-text': contactSearchText,
  '2026-11-26-0008-hardening': hardening,
  '2026-11-26-0009-contact-name-order': contactNameOrder,
  '2026-11-27-0010-invoice-engine': invoiceEngine,
  '2026-11-27-0011-account-security': accountSecurity,
  '2026-11-27-0013-estimates': estimates,
  '2026-11-27-0014-client-portal': clientPortal,
  '2026-11-27-0015-invoice-email': invoiceEmail,
  '2026-11-27-0016-recurring-invoices': recurringInvoices,
  '2026-11-27-0017-the-work': theWork,
  '2026-11-27-0023-two-factor-replay': twoFactorReplay,
  '2026-11-27-0024-money-picture': moneyPicture,
  '2026-11-27-0025-row-counts': rowCounts,
  '2026-11-28-0026-system-actor': systemActor,
  '2026-11-28-0027-portal-link-expiry': portalLinkExpiry,
  '2026-11-28-0028-invoice-email-claims': invoiceEmailClaims,
  '2026-11-29-0030-estimate-emails': estimateEmails,
  '2026-11-29-0032-workspace-clock': workspaceClock,
  '2026-11-29-0033-time-rounding-emailed-at': timeRoundingEmailedAt,
  '2026-11-29-0034-business-logo': businessLogo,
  '2026-11-30-0035-services': services,
  '2026-11-30-0036-line-services': lineServices,
  '2026-11-30-0037-contracts': contracts,
  '2026-11-30-0038-workspace-signing-keys': workspaceSigningKeys,
  '2026-11-30-0039-line-units': lineUnits,
  '2026-12-01-0040-einvoice-fields': einvoiceFields,
  '2026-12-01-0041-credit-notes': creditNotes,
  '2026-12-01-0042-expense-einvoice-import': expenseEinvoiceImport,
  '2026-12-01-0044-contract-email-templates': contractEmailTemplates,
  '2026-12-01-0045-contract-sealed-pdf': contractSealedPdf,
  '2026-12-01-0046-recurring-run-failure': recurringRunFailure,
  '2026-12-01-0047-online-payments': onlinePayments,
  '2026-12-01-0048-banking': banking,
  '2026-12-01-0049-bank-rules': bankRules,
  '2026-12-01-0050-forms': forms,
  '2026-12-01-0051-scheduling': scheduling,
  '2026-12-01-0052-deal-tags': dealTags,
  '2026-12-01-0060-citus-keys': citusKeys,
  '2026-12-01-0061-business-profiles-for-all': businessProfilesForAll,
};
