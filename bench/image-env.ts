// The environment the Docker image runs the bot with (the ENV lines of the Dockerfile's runtime
// stage), so that a bench runs the bot as it ships — MALLOC_ARENA_MAX among them (issue 32 §2).
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
