import { describe, expect, it } from 'vitest';
import { CHECK_SHARED_MAX, type CheckHit, type CheckPairs, checkBatcher } from './check-batcher.ts';

/** A lookup answered by hand: every query it is asked is kept, with the means to answer or fail it. */
function heldLookup() {
  const asked: { pairs: CheckPairs; answer: (hits: CheckHit[]) => void; fail: (error: Error) => void }[] = [];
  const lookup = (pairs: CheckPairs) =>
    new Promise<CheckHit[]>((answer, fail) => asked.push({ pairs, answer, fail }));
  return { asked, batcher: checkBatcher(lookup) };
}

const pairs = (index: number[], value: string[]): CheckPairs => ({
  index,
  type: index.map(() => 'PHONE'),
  value,
});
const hit = (i: number, group: string): CheckHit => ({ i, group_vch: group, supress_type: 'PHONE' });

describe('checkBatcher', () => {
  it('sends a check at once when none is being answered', async () => {
    const { asked, batcher } = heldLookup();
    const answer = batcher.lookup(pairs([0, 1], ['+14155550100', '+14155550101']));
    expect(asked.map((query) => query.pairs)).toEqual([pairs([0, 1], ['+14155550100', '+14155550101'])]);
    asked[0]!.answer([hit(1, 'Opt-out')]);
    expect(await answer).toEqual([hit(1, 'Opt-out')]);
  });

  it('sends the checks that arrive meanwhile as one query, each answered with its own hits and indexes', async () => {
    const { asked, batcher } = heldLookup();
    const first = batcher.lookup(pairs([0], ['+14155550100']));
    const second = batcher.lookup(pairs([0, 0, 2], ['+14155550200', '+14155550200', '+14155550202']));
    const third = batcher.lookup(pairs([1], ['+14155550301']));
    expect(asked).toHaveLength(1);
    asked[0]!.answer([]);
    expect(await first).toEqual([]);
    // The second call's indexes run 0..2, so the third's start at 3.
    expect(asked[1]!.pairs).toEqual(
      pairs([0, 0, 2, 4], ['+14155550200', '+14155550200', '+14155550202', '+14155550301']),
    );
    asked[1]!.answer([hit(0, 'A'), hit(0, 'B'), hit(2, 'A'), hit(4, 'C')]);
    expect(await second).toEqual([hit(0, 'A'), hit(0, 'B'), hit(2, 'A')]);
    expect(await third).toEqual([hit(1, 'C')]);
    expect(asked).toHaveLength(2);
  });

  it('fails every check of a failed query, and goes on with the next ones', async () => {
    const { asked, batcher } = heldLookup();
    const first = batcher.lookup(pairs([0], ['+14155550100']));
    const second = batcher.lookup(pairs([0], ['+14155550200']));
    const third = batcher.lookup(pairs([0], ['+14155550300']));
    asked[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    asked[1]!.fail(new Error('connection lost again'));
    await expect(second).rejects.toThrow('connection lost again');
    await expect(third).rejects.toThrow('connection lost again');
    const fourth = batcher.lookup(pairs([0], ['+14155550400']));
    expect(asked).toHaveLength(3);
    asked[2]!.answer([hit(0, 'A')]);
    expect(await fourth).toEqual([hit(0, 'A')]);
  });

  it(`shares a query among at most ${CHECK_SHARED_MAX} pairs; a larger check goes alone without waiting`, async () => {
    expect(CHECK_SHARED_MAX).toBe(200);
    const { asked, batcher } = heldLookup();
    const many = (n: number) =>
      pairs(
        Array.from({ length: n }, (_, i) => i),
        Array.from({ length: n }, () => 'v'),
      );
    const first = batcher.lookup(many(1));
    const waiting = [batcher.lookup(many(120)), batcher.lookup(many(80)), batcher.lookup(many(1))];
    const large = batcher.lookup(many(201));
    expect(asked.map((query) => query.pairs.index.length)).toEqual([1, 201]);
    asked[1]!.answer([hit(200, 'Large')]);
    expect(await large).toEqual([hit(200, 'Large')]);
    asked[0]!.answer([]);
    await first;
    // 120 + 80 fill the shared query; the last call waits for it.
    expect(asked.map((query) => query.pairs.index.length)).toEqual([1, 201, 200]);
    asked[2]!.answer([hit(119, 'A'), hit(120, 'B'), hit(199, 'C')]);
    expect(await waiting[0]).toEqual([hit(119, 'A')]);
    expect(await waiting[1]).toEqual([hit(0, 'B'), hit(79, 'C')]);
    expect(asked.map((query) => query.pairs.index.length)).toEqual([1, 201, 200, 1]);
    asked[3]!.answer([]);
    expect(await waiting[2]).toEqual([]);
  });

  it('answers a check without pairs without asking', async () => {
    const { asked, batcher } = heldLookup();
    expect(await batcher.lookup(pairs([], []))).toEqual([]);
    expect(asked).toEqual([]);
  });
});
