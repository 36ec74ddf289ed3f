// A service that is down without leaving its port free: every connection is closed at once. A port
// left free was taken once by another test's server, which accepted and said nothing, so the client
// waited out its own timeout instead of failing at once.
import { createServer } from 'node:net';

export async function holdPort(port: number): Promise<{ release(): Promise<void> }> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  let released: Promise<void> | null = null;
  return { release: () => (released ??= new Promise<void>((resolve) => server.close(() => resolve()))) };
}
