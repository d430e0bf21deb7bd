/** The API's URLs the tests call most, built one way. */

/** A proposal's URL, or one below it (`path` starts with '/'). */
export const proposalUrl = (proposal: string, path = '') => `/api/v3/proposals/${proposal}${path}`;

/** A section of a proposal; `buyer` for the sections asked of each buyer. */
export const sectionUrl = (proposal: string, key: string, buyer?: number | null) =>
  proposalUrl(proposal, `/sections/${key}${buyer === undefined || buyer === null ? '' : `?buyer=${buyer}`}`);
