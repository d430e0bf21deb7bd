import type { Role } from '@portal/domain/auth';

/**
 * Local-storage keys. The login marker is the "local-storage marker of portal login data" of the
 * second guard (docs/product/routes-and-guards.md): it lets the second guard decide without a request. It holds no secret: the session itself
 * lives in the HttpOnly access_token cookie.
 */
const MARKER_KEY = 'portal:login';
const PROPOSAL_KEY = 'portal:proposal';

export function readLoginMarker(): { role: Role } | null {
  try {
    const raw = localStorage.getItem(MARKER_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { role?: Role };
    return value && typeof value === 'object' ? { role: value.role as Role } : null;
  } catch {
    return null;
  }
}

export function writeLoginMarker(role: Role): void {
  localStorage.setItem(MARKER_KEY, JSON.stringify({ role, at: new Date().toISOString() }));
}

export function clearLoginMarker(): void {
  localStorage.removeItem(MARKER_KEY);
}

export function readSelectedProposal(): string | null {
  return localStorage.getItem(PROPOSAL_KEY);
}

export function writeSelectedProposal(id: string): void {
  localStorage.setItem(PROPOSAL_KEY, id);
}
