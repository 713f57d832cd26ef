import { TRPCError } from '@trpc/server';
import type { Database } from '../../db/create-db.ts';
import { PORTAL_ACTOR, type ContractParty } from '../../../shared/contracts.schema.ts';
import { findDocumentLogo, findSeller } from '../business/business.repository.ts';
import { findClient } from '../clients/clients.repository.ts';
import type { PortalTarget } from '../portal/portal-links.service.ts';
import { auditTrail } from './contract-audit.ts';
import type { ContractPdfInput } from './contract-pdf.ts';
import { buildSignedContractPdf } from './contract-seal.ts';
import * as repo from './contracts.repository.ts';
import { contractDocument, contractSha256 } from './contracts.service.ts';

/** `data:image/png;base64,…` → its bytes (the schema admits PNG data URLs only). */
function pngBytes(dataUrl: string | null): Uint8Array | null {
  const base64 = dataUrl?.split(',', 2)[1];
  return base64 ? Uint8Array.from(Buffer.from(base64, 'base64')) : null;
}

/**
 * The contract as a sealed PDF: its text, both signatures and the certificate of completion
 * with the audit trail, signed with the workspace's key (contract-seal.ts), so that any
 * change to the file breaks the seal. A draft shows today's parties and the SHA-256 its
 * content would have; a sent contract the parties and SHA-256 frozen when it was sent. A
 * completed contract's first PDF is kept (migration 0045) and answered ever after.
 */
async function sealedContractPdf(
  db: Database,
  workspaceId: number,
  id: number,
  secret: string,
): Promise<{ filename: string; content: Uint8Array }> {
  const contract = await repo.findContract(db, workspaceId, id);
  if (!contract) throw new TRPCError({ code: 'NOT_FOUND', message: 'Contract not found' });
  const kept = contract.status === 'completed' && (await repo.findSealedPdf(db, workspaceId, id));
  if (kept) return { filename: fileName(contract), content: kept };
  const [signatures, audit, { profile, seller }, client, logo] = await Promise.all([
    repo.listSignatures(db, workspaceId, id),
    auditTrail(db, workspaceId, id),
    findSeller(db, workspaceId),
    findClient(db, workspaceId, contract.clientId),
    findDocumentLogo(db, workspaceId),
  ]);
  const business: ContractParty = contract.businessParty ?? {
    name: seller.name,
    address: seller.address,
    email: seller.email,
  };
  const clientParty: ContractParty = contract.clientParty ?? {
    name: client?.name ?? contract.clientName,
    address: client?.address ?? null,
    email: client?.email.trim() || null,
  };
  const input: ContractPdfInput = {
    business: { ...business, logo: logo ?? null },
    client: clientParty,
    title: contract.title,
    body: contract.body,
    fee: contract.fee,
    currency: contract.currency,
    startDate: contract.startDate,
    endDate: contract.endDate,
    sentAt: contract.sentAt,
    completedAt: contract.completedAt,
    contentHash:
      contract.contentSha256 ?? contractSha256(contractDocument(contract, business, clientParty)),
    signatures: signatures.map((signature) => ({
      party: signature.party,
      name: signature.name,
      signedAt: signature.signedAt,
      ip: signature.ip,
      userAgent: signature.userAgent,
      image: signature.kind === 'drawn' ? pngBytes(signature.image) : null,
      typed: signature.kind === 'typed' ? signature.typed : null,
    })),
    audit: audit.events.map((event) => ({
      at: event.at,
      event: event.type,
      actor: event.actor === PORTAL_ACTOR ? PORTAL_ACTOR : (event.actorName ?? 'A team member'),
      ip: event.ip,
      userAgent: event.userAgent,
      hash: event.hash,
    })),
    timeZone: profile.timezone,
    dateFormat: profile.dateFormat,
    timeFormat: profile.timeFormat,
  };
  let content = await buildSignedContractPdf(db, workspaceId, input, secret);
  if (contract.status === 'completed') {
    // The first seal is the one kept: every download answers the same bytes.
    await repo.keepSealedPdf(db, workspaceId, id, content);
    content = (await repo.findSealedPdf(db, workspaceId, id)) ?? content;
  }
  return { filename: fileName(contract), content };
}

function fileName(contract: { id: number; version: number; title: string }) {
  const name = contract.title.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-|-$/g, '') || 'contract';
  return `contract-${contract.id}-v${contract.version}-${name}.pdf`;
}

/** The app's download: any contract of the workspace (404 for another's). */
export function contractPdf(
  scope: { db: Database; workspace: { id: number }; config: { sessionSecret: string } },
  id: number,
) {
  return sealedContractPdf(scope.db, scope.workspace.id, id, scope.config.sessionSecret);
}

/** The portal's download: a contract sent to the link's client, never a draft (404). */
export async function portalContractPdf(
  db: Database,
  target: PortalTarget,
  id: number,
  secret: string,
) {
  const contract = await repo.findContract(db, target.workspaceId, id);
  if (!contract || contract.clientId !== target.clientId || contract.status === 'draft')
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Contract not found' });
  return sealedContractPdf(db, target.workspaceId, id, secret);
}
