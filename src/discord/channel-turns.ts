// A channel's commands that change state take turns in this process (issue 32 §1). Two steps of one
// fight, or a fight step and a hidden shadow's HP change, read and write the same row: on PostgreSQL
// their SERIALIZABLE transactions, when they overlap, end in one failing and running again. Rare on an
// idle machine; on a loaded one each transaction lasts longer, more of them overlap, and the retries
// add load (a loaded run saw ~400 fight steps rolled back): run one after the other, they never
// collide here. Across processes the database still decides. A plain roll, which spends nothing, does
// not wait.

export class ChannelTurns {
  /** Each channel's last command in line: the next one starts when it has settled. */
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(channelId: string, fn: () => Promise<T>): Promise<T> {
    const before = this.tails.get(channelId);
    const mine = before ? before.then(fn, fn) : fn();
    const tail = mine.catch(() => undefined);
    this.tails.set(channelId, tail);
    // the last one in line removes its channel: the map holds only channels with a command running
    void tail.then(() => {
      if (this.tails.get(channelId) === tail) this.tails.delete(channelId);
    });
    return mine;
  }

  /** Channels with a command running or waiting (tests). */
  get size(): number {
    return this.tails.size;
  }
}
