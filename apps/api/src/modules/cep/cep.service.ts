import { onlyDigits } from '@portal/domain/digits';

export interface CepAddress {
  cep: string;
  address: string;
  district: string;
  city: string;
  state: string;
}

/** Where a CEP's address comes from. `null`: unknown CEP; throws: the service did not answer. */
export interface CepProvider {
  lookup(cep: string): Promise<CepAddress | null>;
}

/**
 * A ViaCEP-compatible service: GET {url with {cep}} → {cep, logradouro, bairro, localidade, uf}
 * or {erro: true}. Times out after 3 s: the form then asks for the address by hand.
 */
export function createViaCepProvider(urlTemplate: string, timeoutMs = 3_000): CepProvider {
  const cache = new Map<string, CepAddress | null>();
  return {
    async lookup(cep) {
      const digits = onlyDigits(cep);
      if (cache.has(digits)) return cache.get(digits)!;
      const res = await fetch(urlTemplate.replace('{cep}', digits), {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (res.status === 400 || res.status === 404) return null;
      if (!res.ok) throw new Error(`CEP service answered ${res.status}`);
      const body = (await res.json()) as {
        erro?: boolean | string;
        logradouro?: string;
        bairro?: string;
        localidade?: string;
        uf?: string;
      };
      const found = body.erro
        ? null
        : {
            cep: digits,
            address: body.logradouro ?? '',
            district: body.bairro ?? '',
            city: body.localidade ?? '',
            state: body.uf ?? '',
          };
      if (cache.size > 5_000) cache.clear();
      cache.set(digits, found);
      return found;
    },
  };
}

/** No service configured: every lookup is "unavailable" and the form asks for the address by hand. */
export const noCepProvider: CepProvider = {
  async lookup() {
    throw new Error('no CEP service configured');
  },
};
