import { PROPOSAL_TYPES } from './proposal';

/** Proposal codes: PF-2026-000123 (financing), CGI-2026-000123 (CGI); a sequence per type and year. */

export const CODE_PREFIX: Record<(typeof PROPOSAL_TYPES)[number], string> = { financing: 'PF', cgi: 'CGI' };

export function proposalCodePrefix(type: (typeof PROPOSAL_TYPES)[number], year: number): string {
  return `${CODE_PREFIX[type]}-${year}-`;
}

export function formatProposalCode(type: (typeof PROPOSAL_TYPES)[number], year: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError('sequence must be a positive integer');
  return `${proposalCodePrefix(type, year)}${String(sequence).padStart(6, '0')}`;
}

/** The sequence number of a code with this prefix, or null when the code is not of that series. */
export function parseProposalSequence(code: string, prefix: string): number | null {
  if (!code.startsWith(prefix)) return null;
  const rest = code.slice(prefix.length);
  return /^\d{1,12}$/.test(rest) ? Number(rest) : null;
}
