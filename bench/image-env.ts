// The environment the Docker image runs the bot with (the ENV lines of the Dockerfile's runtime
// stage) and the flags its CMD gives node, so that a bench runs the bot as it ships — MALLOC_ARENA_MAX
// and V8's initial old space among them (issue 32).
import fs from 'node:fs';
import path from 'node:path';

export function imageEnv(root: string): Record<string, string> {
  const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  // ENV NAME=value \ (continued) NAME=value …; comments left out
  for (const m of runtime.matchAll(/^ENV\s+((?:[^\n]*\\\n)*[^\n]*)/gm)) {
    for (const pair of m[1]!.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) env[pair[1]!] = pair[2]!;
  }
  return env;
}

/** The options the image's CMD gives node before the script (["node", "--flag", …, "dist/src/main.js"]). */
export function imageNodeFlags(root: string): string[] {
  const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(dockerfile.slice(dockerfile.lastIndexOf('\nFROM ')));
  if (!cmd) throw new Error('the Dockerfile has no CMD in exec form');
  const args = JSON.parse(cmd[1]!) as string[];
  return args.slice(1).filter((a) => a.startsWith('--'));
}
