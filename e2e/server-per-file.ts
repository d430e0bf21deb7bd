import { afterAll, inject } from 'vitest';
import { setServer } from './fixtures';
import { startServer } from './server';

// Runs before each spec file (vitest setupFiles): the file gets a server and a database of its own,
// started before the file is imported so its top level may already ask for the address.
const server = await startServer(inject('build'));
setServer(server);
afterAll(() => server.stop());
