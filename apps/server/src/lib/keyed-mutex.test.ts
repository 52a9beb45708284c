import { describe, expect, it } from 'vitest';
import { KeyedMutex } from './keyed-mutex.js';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

describe('KeyedMutex', () => {
  it('runs tasks of one key one after another, in the order they were asked for', async () => {
    const mutex = new KeyedMutex();
    const seen: string[] = [];
    const task = (name: string, waits: number) => async () => {
      seen.push(`${name} starts`);
      for (let i = 0; i < waits; i++) await tick();
      seen.push(`${name} ends`);
      return name;
    };
    const results = await Promise.all([
      mutex.run('a', task('first', 3)),
      mutex.run('a', task('second', 0)),
      mutex.run('a', task('third', 1)),
    ]);
    expect(results).toEqual(['first', 'second', 'third']);
    expect(seen).toEqual([
      'first starts',
      'first ends',
      'second starts',
      'second ends',
      'third starts',
      'third ends',
    ]);
    expect(mutex.size).toBe(0);
  });

  it('lets different keys run side by side', async () => {
    const mutex = new KeyedMutex();
    const seen: string[] = [];
    let releaseA!: () => void;
    const a = mutex.run('a', async () => {
      seen.push('a starts');
      await new Promise<void>((resolve) => (releaseA = resolve));
      seen.push('a ends');
    });
    const b = mutex.run('b', async () => {
      seen.push('b runs');
    });
    await b;
    expect(seen).toEqual(['a starts', 'b runs']);
    releaseA();
    await a;
    expect(mutex.size).toBe(0);
  });

  it('releases the key when a task fails', async () => {
    const mutex = new KeyedMutex();
    const failed = mutex.run('a', () => Promise.reject(new Error('boom')));
    const next = mutex.run('a', () => Promise.resolve('after'));
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('after');
    expect(mutex.size).toBe(0);
  });
});
