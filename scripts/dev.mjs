// `npm run dev`: the API with file watching on :3000 and Vite with hot reload on :5173.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npm', ['run', 'dev', '-w', '@deck-portal/server'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@deck-portal/web'], { cwd: root, stdio: 'inherit' }),
];
const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) child.on('exit', stopAll);
