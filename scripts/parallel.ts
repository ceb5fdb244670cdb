// Runs npm scripts side by side and fails when any of them fails: `tsx scripts/parallel.ts a b c`.
// For the checks `npm test` starts with (tsc, ESLint, Prettier, the generated files): each is one
// process on one core, so on two cores they take about half the time together that they take one
// after the other (docs/testing.md). Each script's output is printed in one piece when it ends,
// never interleaved with another's.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: tsx scripts/parallel.ts <npm script>...');
  process.exit(2);
}

function run(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const output: Buffer[] = [];
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve(false);
    });
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString().trimEnd();
      process.stdout.write(
        `\n── ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`}\n${text ? `${text}\n` : ''}`,
      );
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(names.map(run));
const failed = names.filter((_, i) => !results[i]);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
