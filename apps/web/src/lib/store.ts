import { create } from 'zustand';
import type { Proposal } from '@portal/domain/proposal';

/** Client state of docs/product/routes-and-guards.md; server data lives in TanStack Query. */
export interface ClientState {
  loggedIn: boolean;
  showBack: boolean;
  showHome: boolean;
  showSelectProposal: boolean;
  /** Question stepping (docs/product/routes-and-guards.md): below 0 means not in the questionnaire. */
  countQuestion: number;
  currentStep: number;
  personId: string | null;
  draft: unknown[];
  fillingStatus: number | null;
  proposals: Proposal[];
  set(partial: Partial<Omit<ClientState, 'set' | 'reset'>>): void;
  reset(): void;
}

const initial = {
  loggedIn: false,
  showBack: false,
  showHome: false,
  showSelectProposal: false,
  countQuestion: -1,
  currentStep: 0,
  personId: null,
  draft: [],
  fillingStatus: null,
  proposals: [],
} satisfies Partial<ClientState>;

export const useClientStore = create<ClientState>()((set) => ({
  ...initial,
  set: (partial) => set(partial),
  reset: () => set(initial),
}));
