// Runs npm scripts side by side (typecheck and lint use a core each for ~1.5 min) and prints each
// one's output whole when it ends, so two logs never interleave. Exits non-zero if any failed.
// Usage: node scripts/run-together.mjs typecheck lint
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-together.mjs <npm script>…');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    const out = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    child.on('error', (e) => out.push(Buffer.from(`${e.message}\n`)));
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(0);
      const ok = code === 0;
      process.stdout.write(`\n── npm run ${name}: ${ok ? 'passed' : `FAILED (exit ${code})`} in ${secs} s\n`);
      process.stdout.write(Buffer.concat(out));
      resolve(ok);
    });
  });
}

const results = await Promise.all(names.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
