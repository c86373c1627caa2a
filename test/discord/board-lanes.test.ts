// A board's lane (src/discord/board-lanes.ts): updates within the window join one edit, and none is
// lost. The clock is performance.now(), stepped here by hand.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Lanes } from '../../src/discord/board-lanes.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A lane whose updates record which requests they carried, settled by hand. */
function lane() {
  const lanes = new Lanes<number[], number[]>((waiting, next) => [...waiting, ...next]);
  const ran: number[][] = [];
  const update = async (request: number[]) => {
    ran.push(request);
    return request;
  };
  return { lanes, ran, ask: (n: number, windowMs = 1_000) => lanes.request('board', [n], windowMs, update) };
}

describe('board lanes', () => {
  it('runs the first update at once and joins the ones asked for within the window into one', async () => {
    // the clock stands still: on a loaded machine more than the 20 ms window could pass between the first
    // update and the next two asks, and then the second would run at once, alone
    vi.spyOn(performance, 'now').mockReturnValue(10_000);
    const { ran, ask } = lane();
    await ask(1);
    const [a, b] = [ask(2, 20), ask(3, 20)];
    expect(await a).toEqual([2, 3]);
    expect(await b).toEqual([2, 3]);
    expect(ran).toEqual([[1], [2, 3]]);
  });

  it('an update asked for as the window closes still runs, and so does every later one', async () => {
    // The window's end falls between the lane's two readings of the clock: the request is inside the
    // window when it is compared, and its wait is already over when it is computed. The lane kept that
    // update as waiting after it had run, and every later update of the board joined it: a fight's
    // tracker stopped changing under the evening's load (one channel, 39 steps, bench/soak-tables.ts).
    const clock = vi.spyOn(performance, 'now');
    const { lanes, ran, ask } = lane();
    clock.mockReturnValue(10_000);
    await ask(1);
    clock.mockReturnValueOnce(10_999.999).mockReturnValue(11_000.001);
    expect(await ask(2)).toEqual([2]);
    expect(lanes.superseded('board')).toBe(false);
    clock.mockReturnValue(12_500);
    expect(await ask(3)).toEqual([3]);
    expect(ran).toEqual([[1], [2], [3]]);
  });
});
