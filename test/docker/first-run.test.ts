// The README's Docker first run without Docker: the image's runtime (compiled dist, migrations,
// root-owned /app, a /data folder owned by the non-root user, NODE_ENV and DATABASE_URL from the
// Dockerfile) with `--env-file` taken from .env.example, run as a non-root user (uid 65534 when the
// test runs as root). Issue 13 §4: the example .env must not override /data, an empty token must
// fail loudly instead of exiting 0, and a filled-in .env starts the bot and registers commands.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../e2e/fake-discord/index.js';
import { answered } from '../e2e/harness.js';

const root = path.resolve(import.meta.dirname, '../..');
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
let tmp: string;
let app: string;
let data: string;
let fake: FakeDiscord;

/** `ENV` lines of the Dockerfile's runtime stage, with /data mapped into the temporary folder. */
function imageEnv(): Record<string, string> {
  const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
  const env: Record<string, string> = {};
  for (const m of runtime.matchAll(/(\w+)=(\S+)/g)) if (/^[A-Z_]+$/.test(m[1]!)) env[m[1]!] = m[2]!.replace(/^\/data\//, `${data}/`);
  return env;
}

/** docker run --env-file: the file's entries win over the image's ENV. */
function containerEnv(envFile: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: '/nonexistent', ...imageEnv(), ...envFile };
}

function run(args: string[], env: NodeJS.ProcessEnv) {
  const [cmd, ...rest] = asRoot
    ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath, ...args]
    : [process.execPath, ...args];
  const child = spawn(cmd!, rest, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (c: Buffer) => (out.stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out.stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out, exited };
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-image-'));
  fs.chmodSync(tmp, 0o755);
  app = path.join(tmp, 'app');
  data = path.join(tmp, 'data');
  fs.mkdirSync(app);
  // The build stage: compile, copy migrations and package.json; node_modules as installed.
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.build.json'), '--outDir', path.join(app, 'dist')]);
  fs.cpSync(path.join(root, 'migrations'), path.join(app, 'migrations'), { recursive: true });
  fs.copyFileSync(path.join(root, 'package.json'), path.join(app, 'package.json'));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(app, 'node_modules'));
  // RUN mkdir -p /data && chown node:node /data
  fs.mkdirSync(data);
  if (asRoot) fs.chownSync(data, NOBODY, NOBODY);
  fake = await startFakeDiscord();
}, 180_000);

afterAll(async () => {
  await fake?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('docker run --env-file .env (from .env.example)', () => {
  const example = () => parseEnv(fs.readFileSync(path.join(root, '.env.example'), 'utf8')) as Record<string, string>;

  it('the example .env leaves the image’s DATABASE_URL (/data) alone', () => {
    expect(example()).not.toHaveProperty('DATABASE_URL');
    expect(containerEnv(example()).DATABASE_URL).toBe(`${data}/grailwar.sqlite`);
  });

  it('as copied (empty token, no terminal): exits 1 with a clear message, not 0 through the console', async () => {
    const { out, exited } = run(['dist/src/main.js'], containerEnv(example()));
    expect(await exited).toBe(1);
    expect(out.stderr).toMatch(/DISCORD_TOKEN is empty/);
    expect(out.stdout).not.toMatch(/Bye\./);
  }, 60_000);

  it('the README’s invite line: the image prints the invite URL from DISCORD_CLIENT_ID (issue 30 §1)', async () => {
    const invite = run(['dist/src/discord/invite.js'], containerEnv({ ...example(), DISCORD_CLIENT_ID: '123456789012345678' }));
    expect(await invite.exited).toBe(0);
    expect(invite.out.stdout).toContain('https://discord.com/oauth2/authorize?client_id=123456789012345678&scope=bot+applications.commands&permissions=');
    const missing = run(['dist/src/discord/invite.js'], containerEnv(example()));
    expect(await missing.exited).toBe(1);
    expect(missing.out.stderr).toMatch(/DISCORD_CLIENT_ID/);
  }, 60_000);

  it('filled in: registers the commands from the image, then starts the bot writing to /data as a non-root user', async () => {
    const filled = { ...example(), DISCORD_TOKEN: fake.token, DISCORD_CLIENT_ID: fake.applicationId, DISCORD_GUILD_ID: fake.guildId, DISCORD_API: fake.apiBase, LOG_LEVEL: 'info' };
    const deploy = run(['dist/src/discord/deploy.js'], containerEnv(filled));
    expect(await deploy.exited).toBe(0);
    expect(deploy.out.stdout).toMatch(/Registered \d+ commands/);

    const bot = run(['dist/src/main.js'], containerEnv(filled));
    await fake.waitFor(() => bot.out.stdout.includes('connected to Discord'), 30_000);
    const ex = await fake.command({ name: 'roll', options: [{ name: 'expression', value: '2D6>=7' }] });
    expect(answered(ex)).toBe(true);
    bot.child.kill('SIGTERM');
    expect(await bot.exited).toBe(0);
    const file = path.join(data, 'grailwar.sqlite');
    expect(fs.existsSync(file)).toBe(true);
    if (asRoot) expect(fs.statSync(file).uid).toBe(NOBODY);
    expect(fs.existsSync(path.join(app, 'data'))).toBe(false);
  }, 90_000);
});
