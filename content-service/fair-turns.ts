// Work that waits for a worker, a render slot or a filter thread waits in turns by client: one
// address's queue in order, and next the address that was charged the least work so far (its
// measured time; among equals, in rotation), so a client that sends eighty costly requests delays
// another client's cheap one by a turn, not by eighty. A client that starts waiting starts from
// the charge of the client served last (start-time fair queueing), so being idle earns no credit.
// No queue library shares out by key (p-queue and fastq are first in, first out; bottleneck's
// groups are separate limiters with no shared concurrency), so this is kept small here.

export class FairQueue<T> {
  /**
   * Each client's waiting items in order and the work it was charged (ms). Map order breaks ties:
   * a client served goes to the back.
   */
  private readonly clients = new Map<string, { items: T[]; used: number }>();
  /** The charge of the client served last: a client that starts waiting starts from here. */
  private clock = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Items this client has waiting. */
  of(client: string): number {
    return this.clients.get(client)?.items.length ?? 0;
  }

  push(client: string, item: T): void {
    this.waiting(client).items.push(item);
    this.count++;
  }

  /** Puts an item back in front of its client's queue (work taken back from a worker that was ended). */
  unshift(client: string, item: T): void {
    this.waiting(client).items.unshift(item);
    this.count++;
  }

  /** Counts work done for a client (its measured time), so a client of costly work gets fewer turns. */
  charge(client: string, ms: number): void {
    if (!(ms > 0)) return;
    const c = this.clients.get(client);
    if (c) c.used += ms;
    // Forgotten while its work ran: owed from the clock on.
    else this.clients.set(client, { items: [], used: this.clock + ms });
  }

  /** The first item of the waiting client charged least so far; that client then goes to the back. */
  shift(): T | undefined {
    let next: { client: string; items: T[]; used: number } | null = null;
    for (const [client, c] of this.clients) {
      if (c.items.length === 0) {
        // Nothing waits and nothing is owed beyond the clock: forgotten (it starts from the clock again).
        if (c.used <= this.clock) this.clients.delete(client);
        continue;
      }
      if (!next || c.used < next.used) next = { client, ...c };
    }
    if (!next) return undefined;
    const c = this.clients.get(next.client)!;
    this.clients.delete(next.client);
    this.clients.set(next.client, c);
    this.clock = Math.max(this.clock, c.used);
    this.count--;
    return c.items.shift();
  }

  /** Removes the items matching `pred`; returns them. */
  remove(pred: (item: T) => boolean): T[] {
    const removed: T[] = [];
    for (const c of this.clients.values()) {
      removed.push(...c.items.filter(pred));
      c.items = c.items.filter((item) => !pred(item));
    }
    this.count -= removed.length;
    return removed;
  }

  some(pred: (item: T) => boolean): boolean {
    for (const c of this.clients.values()) if (c.items.some(pred)) return true;
    return false;
  }

  /** Empties the queue; returns what waited. */
  drain(): T[] {
    const all = [...this.clients.values()].flatMap((c) => c.items);
    this.clients.clear();
    this.count = 0;
    return all;
  }

  /** The client's entry; one that starts waiting starts from the clock, never owed less than it is. */
  private waiting(client: string): { items: T[]; used: number } {
    let c = this.clients.get(client);
    if (!c) {
      c = { items: [], used: this.clock };
      this.clients.set(client, c);
    } else if (c.items.length === 0) c.used = Math.max(c.used, this.clock);
    return c;
  }
}

/**
 * Runs tasks `concurrency` at a time, taking turns by client, each charged the time its tasks took.
 * `run` resolves with the task's result once it had its turn.
 */
export class FairRunner<T, R> {
  private readonly waiting = new FairQueue<{
    client: string;
    task: T;
    resolve: (r: R) => void;
    reject: (e: unknown) => void;
  }>();
  private running = 0;
  private readonly byClient = new Map<string, number>();

  constructor(
    private readonly worker: (task: T) => Promise<R>,
    private readonly concurrency: number,
  ) {}

  /** Tasks waiting for a turn. */
  get length(): number {
    return this.waiting.size;
  }

  /** Tasks of this client waiting or running. */
  of(client: string): number {
    return this.byClient.get(client) ?? 0;
  }

  run(client: string, task: T): Promise<R> {
    this.byClient.set(client, this.of(client) + 1);
    return new Promise<R>((resolve, reject) => {
      this.waiting.push(client, { client, task, resolve, reject });
      this.next();
    }).finally(() => {
      const left = this.of(client) - 1;
      if (left > 0) this.byClient.set(client, left);
      else this.byClient.delete(client);
    });
  }

  private next(): void {
    while (this.running < this.concurrency) {
      const job = this.waiting.shift();
      if (!job) return;
      this.running++;
      const started = performance.now();
      this.worker(job.task)
        .then(job.resolve, job.reject)
        .finally(() => {
          this.running--;
          this.waiting.charge(job.client, performance.now() - started);
          this.next();
        });
    }
  }
}
