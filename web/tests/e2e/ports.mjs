// A free TCP port on loopback, for servers the end-to-end tests start themselves.
import { createServer } from "node:net";

export function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
