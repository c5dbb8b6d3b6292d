// Turns by client: what keeps one address's burst of renders, queries or listen filters from
// delaying another address's single request by the length of the burst.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FairQueue, FairRunner } from '../../content-service/fair-turns.ts';

describe('FairQueue', () => {
  it('serves clients in turn, each client in order, whoever came first', () => {
    const q = new FairQueue<string>();
    for (let i = 1; i <= 5; i++) q.push('busy', `busy-${i}`);
    q.push('other', 'other-1');
    q.push('third', 'third-1');
    q.push('other', 'other-2');
    const order: string[] = [];
    for (let item = q.shift(); item !== undefined; item = q.shift()) order.push(item);
    assert.deepEqual(order, ['busy-1', 'other-1', 'third-1', 'busy-2', 'other-2', 'busy-3', 'busy-4', 'busy-5']);
    assert.equal(q.size, 0);
  });

  it('gives the next turn to the client charged least, so costly work gets fewer turns', () => {
    const q = new FairQueue<string>();
    for (let i = 1; i <= 4; i++) q.push('avif', `avif-${i}`);
    for (let i = 1; i <= 4; i++) q.push('webp', `webp-${i}`);
    const order: string[] = [];
    for (let item = q.shift(); item !== undefined; item = q.shift()) {
      order.push(item);
      q.charge(item.split('-')[0]!, item.startsWith('avif') ? 300 : 30);
    }
    assert.deepEqual(order, ['avif-1', 'webp-1', 'webp-2', 'webp-3', 'webp-4', 'avif-2', 'avif-3', 'avif-4']);
    // A client that starts waiting now starts from the clock: its idle time earned it nothing.
    q.push('late', 'late-1');
    q.push('avif', 'avif-5');
    assert.equal(q.shift(), 'late-1');
  });

  it('puts work back in front of its client, and removes what a predicate picks', () => {
    const q = new FairQueue<number>();
    q.push('a', 2);
    q.push('a', 3);
    q.unshift('a', 1);
    q.push('b', 10);
    assert.deepEqual(
      q.remove((n) => n === 3),
      [3],
    );
    assert.equal(q.of('a'), 2);
    assert.equal(q.size, 3);
    assert.ok(q.some((n) => n === 10));
    assert.deepEqual(
      q.drain().sort((x, y) => x - y),
      [1, 2, 10],
    );
    assert.equal(q.shift(), undefined);
  });
});

describe('FairRunner', () => {
  it("runs another client's task at the next free slot, not after a burst, and counts each client's tasks", async () => {
    const done: string[] = [];
    const runner = new FairRunner(async (name: string) => {
      await new Promise((r) => setTimeout(r, 5));
      done.push(name);
      return name.toUpperCase();
    }, 1);
    const burst = Array.from({ length: 6 }, (_, i) => runner.run('burst', `b${i}`));
    assert.equal(runner.of('burst'), 6);
    const single = runner.run('family', 'f');
    assert.equal(await single, 'F');
    // The burst's first task was running; once it is charged, f is owed the next turn.
    assert.equal(done.indexOf('f'), 1, done.join());
    await Promise.all(burst);
    assert.equal(runner.of('burst'), 0);
    assert.equal(runner.length, 0);
  });

  it('passes a failure to its own caller only', async () => {
    const runner = new FairRunner(async (n: number) => {
      if (n === 2) throw new Error('two');
      return n;
    }, 2);
    const results = await Promise.allSettled([1, 2, 3].map((n) => runner.run('a', n)));
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
  });
});
