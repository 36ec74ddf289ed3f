// `npm run dev`: the API restarting on change (node --watch) and Vite with hot reload, proxied so cookies work.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.PORT ?? '3000';
const env = { ...process.env, PORT: apiPort, API_PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };

const children = [
  spawn(process.execPath, ['--watch-path=server/src', '--watch-path=shared/src', '--watch-path=bot/src', 'server/src/main.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn('npx', ['vite', '--host', '127.0.0.1', '--port', '5173'], { cwd: path.join(root, 'miniapp'), env, stdio: 'inherit' }),
];
console.log('Open http://localhost:5173 (API on port %s)', apiPort);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
