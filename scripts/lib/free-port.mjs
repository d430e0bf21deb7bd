// A TCP port nothing listens on now, for a test or bench server to take: the system picks it (port
// 0 on loopback) and it is released at once. Shared by the e2e servers, the system tests' API
// processes and the benches.
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
