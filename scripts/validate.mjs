// `npm run validate` (what CI runs): lint and typecheck at once, each its own process (both are
// single-threaded, so on two cores they take the time of the longer), then `npm test`. Each
// check's output is printed whole when it ends, so the two never interleave.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Runs `npm run <script>` with its output held; answers whether it passed. */
function check(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { cwd: root });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const passed = code === 0;
      console.log(`\n${passed ? '✔' : '✖'} ${script} (${seconds} s)`);
      process.stdout.write(Buffer.concat(output));
      resolve(passed);
    });
  });
}

console.log('\n▶ lint and typecheck');
const results = await Promise.all([check('lint'), check('typecheck')]);
if (results.includes(false)) process.exit(1);

const test = spawnSync('npm', ['test'], { cwd: root, stdio: 'inherit' });
process.exit(test.status ?? 1);
