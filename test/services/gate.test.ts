import { describe, expect, it } from 'vitest';
import { CommandGate } from '../../src/services/gate.js';

describe('CommandGate (graceful shutdown)', () => {
  it('drain waits for the commands in flight, then refuses new ones', async () => {
    const gate = new CommandGate();
    let release!: () => void;
    let finished = false;
    const running = gate.run(
      () =>
        new Promise<string>((resolve) => {
          release = () => {
            finished = true;
            resolve('done');
          };
        }),
    );
    let drained = false;
    const draining = gate.drain().then(() => {
      drained = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(drained).toBe(false); // still waiting for the running command
    expect(gate.open).toBe(false);
    expect(await gate.run(async () => 'late')).toBeUndefined();
    release();
    await draining;
    expect(finished).toBe(true);
    expect(await running).toBe('done');
  });

  it('idle waits for the commands in flight, a command started meanwhile too, and leaves the gate open', async () => {
    const gate = new CommandGate();
    const releases: (() => void)[] = [];
    const task = () => new Promise<void>((resolve) => releases.push(resolve));
    void gate.run(task);
    let idle = false;
    const waiting = gate.idle().then(() => {
      idle = true;
    });
    void gate.run(task); // started while idle() waits: it waits for this one as well
    releases[0]!();
    await new Promise((r) => setTimeout(r, 10));
    expect(idle).toBe(false);
    releases[1]!();
    await waiting;
    expect(gate.open).toBe(true);
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
