import { describe, expect, it } from 'vitest';
import { BackgroundTasks } from './background.js';

describe('BackgroundTasks', () => {
  it('runs tasks after the current turn and reports failures', async () => {
    const failures: string[] = [];
    const tasks = new BackgroundTasks((_error, name) => failures.push(name));
    const order: string[] = [];
    tasks.run('ok', async () => {
      order.push('task');
    });
    tasks.run('bad', async () => {
      throw new Error('boom');
    });
    order.push('sync');
    await tasks.idle();
    expect(order).toEqual(['sync', 'task']);
    expect(failures).toEqual(['bad']);
  });
});
