// A real PostgreSQL server for the tests: Debian's binaries, a throwaway data directory, 127.0.0.1 on a
// free port, owned by a non-root user (initdb refuses root). Started once per `npm test` by the
// postgres project's global setup and stopped (data directory removed) after it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export interface PostgresServer {
  /** Superuser URL of the `postgres` database; tests create their own databases from it. */
  url: string;
  /** Kills the server without warning (SIGKILL: no shutdown checkpoint), keeping its data. */
  crash(): Promise<void>;
  /** Starts it again on the same data directory and port (after crash()): recovery replays the WAL. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface PostgresOptions {
  /**
   * The server's durable defaults (fsync and synchronous_commit on): what a group runs, so benchmarks
   * and the crash test use it. Off by default: the suite tests behaviour, not the disk, and is faster.
   */
  durable?: boolean;
}

/** The folder holding initdb and postgres: PG_BIN, the PATH, or Debian's /usr/lib/postgresql/<version>/bin. */
export function findPostgresBin(): string | null {
  const candidates = [process.env.PG_BIN, ...(process.env.PATH ?? '').split(path.delimiter)];
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debian, v, 'bin')));
  }
  for (const dir of candidates) {
    if (dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres'))) return dir;
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Root runs the server as the `postgres` user Debian's package creates (or nobody). */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const user of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', user]).toString().trim());
      const gid = Number(execFileSync('id', ['-g', user]).toString().trim());
      return { uid, gid };
    } catch {
      // try the next one
    }
  }
  throw new Error('running as root, and neither a postgres nor a nobody user exists to run PostgreSQL as');
}

/**
 * Where the data directory goes: the suite's server (not durable) in memory when the machine has a
 * tmpfs at /dev/shm with room (a container's is often 64 MB) — a CREATE DATABASE writes ~1,000 files:
 * 10–20 ms there, 150–400 ms on this machine's disk. Durable servers (benchmarks, the crash test) stay
 * on disk.
 */
function dataParent(durable: boolean): string {
  if (durable) return os.tmpdir();
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    const { bavail, bsize } = fs.statfsSync('/dev/shm');
    return bavail * bsize >= 2 ** 30 ? '/dev/shm' : os.tmpdir();
  } catch {
    return os.tmpdir();
  }
}

export async function startPostgres(bin: string, options: PostgresOptions = {}): Promise<PostgresServer> {
  const dir = fs.mkdtempSync(path.join(dataParent(options.durable ?? false), 'grailwar-pg-'));
  const data = path.join(dir, 'data');
  const user = runAs();
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const ids = user ? { uid: user.uid, gid: user.gid } : {};
  const initArgs = ['-D', data, '-U', 'grailwar', '--auth=trust', '-E', 'UTF8', '--no-locale', ...(options.durable ? [] : ['--no-sync'])];
  execFileSync(path.join(bin, 'initdb'), initArgs, { ...ids, stdio: 'pipe', cwd: dir });
  const port = await freePort();
  // Not durable: no flushes, and the WAL kept small (it may live in memory, see dataParent).
  const fast = options.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_wal_size=256MB'];
  const args = ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir, ...fast, '-c', 'max_connections=200'];
  const url = `postgres://grailwar@127.0.0.1:${port}/postgres`;
  let child: ChildProcess;
  const launch = async () => {
    child = spawn(path.join(bin, 'postgres'), args, { ...ids, stdio: ['ignore', 'ignore', 'pipe'], cwd: dir });
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => undefined);
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`PostgreSQL did not start:\n${log}`);
        await sleep(100);
      }
    }
  };
  const halt = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    // An unref'd timer: a pending one kept every `npm test` alive 10 s after the server had stopped.
    await Promise.race([exited, sleep(10_000, undefined, { ref: false })]);
  };
  await launch();
  return {
    url,
    async crash() {
      await halt('SIGKILL');
    },
    async restart() {
      // The killed postmaster's backends leave on their own a moment later; until then the new server
      // refuses to start (their shared memory is in use), so try again for a while.
      for (let attempt = 1; ; attempt++) {
        try {
          return await launch();
        } catch (error) {
          if (attempt >= 40) throw error;
          await sleep(250);
        }
      }
    },
    async stop() {
      await halt('SIGINT'); // fast shutdown
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
