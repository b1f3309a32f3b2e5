// `npm run dev`: the API server with restart on change (port 8080) and the Vite dev server with hot
// reload (http://localhost:5173, proxying /api to the server).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'packages/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@psps/web'], { stdio: 'inherit', env: { ...process.env } }),
];
const stop = () => {
  for (const c of children) c.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
