import { describe, expect, it } from 'vitest';
import { statementsAtOnce } from './statements-at-once.ts';

/** A statement's answer the test gives when it chooses. */
function pending<T>() {
  let answer!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { promise, answer, fail };
}

describe('statementsAtOnce', () => {
  it('answers every statement’s result in the order they were sent', async () => {
    const first = pending<number>();
    const second = pending<string>();
    const both = statementsAtOnce([first.promise, second.promise]);
    second.answer('rows');
    first.answer(1);
    await expect(both).resolves.toEqual([1, 'rows']);
  });

  it('throws the error that came first, and only once every statement has answered', async () => {
    const first = pending<number>();
    const second = pending<number>();
    const third = pending<number>();
    let settled = false;
    const all = statementsAtOnce([first.promise, second.promise, third.promise]).finally(() => {
      settled = true;
    });
    all.catch(() => undefined);
    second.fail(new Error('duplicate key'));
    first.fail(new Error('current transaction is aborted'));
    await new Promise((resolve) => setImmediate(resolve));
    // A statement still on its way: the caller's rollback must not be sent before it answers.
    expect(settled).toBe(false);
    third.answer(3);
    await expect(all).rejects.toThrow('duplicate key');
  });
});
