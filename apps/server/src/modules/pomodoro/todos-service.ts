import { ID_PATTERN, TODO_ESTIMATE_DEFAULT, TODO_MESSAGES } from '@focusroom/core';
import type { ReplaceTodosBody, Todo, UpdateTodoBody } from '@focusroom/core/schemas';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.js';
import type { TodoRow } from '../../db/schema.js';
import { notFound } from '../../lib/http-errors.js';
import { TodosRepository } from './todos-repository.js';

export function toTodoJson(row: TodoRow): Todo {
  return {
    id: row.id,
    text: row.text,
    completed: row.completed === 1,
    position: row.position,
    estimate: row.estimate,
    done_pomodoros: row.done_pomodoros,
    active: row.active === 1,
  };
}

const todoNotFound = () => notFound(TODO_MESSAGES.notFound);
/** Upper bound for position ranges; fits PostgreSQL's integer. */
const MAX_POSITION = 2_147_483_647;

/** The signed-in user's to-do list (product §3: the server's list is the truth). */
export class TodosService {
  private readonly repo: TodosRepository;

  constructor(private readonly ctx: AppContext) {
    this.repo = new TodosRepository(ctx.dialect);
  }

  async list(userId: string): Promise<Todo[]> {
    return (await this.repo.list(this.ctx.db, userId)).map(toTodoJson);
  }

  /**
   * Replaces the whole list atomically, in the order sent. An item keeps its id when the id is
   * one of this user's to-dos (once: a repeated id gets a new one); any other id is replaced.
   * Estimate, done count and active flag left out keep the kept item's values (a client that
   * predates them changes none of them), else take the defaults (product §4 "To-do estimates").
   */
  async replace(userId: string, body: ReplaceTodosBody): Promise<Todo[]> {
    const now = this.ctx.clock.now().toISOString();
    return this.ctx.db.transaction().execute(async (trx) => {
      await this.repo.lockList(trx, userId);
      const existing = new Map(
        (await this.repo.list(trx, userId)).map((row) => [row.id.toLowerCase(), row]),
      );
      const used = new Set<string>();
      const namesActive = body.todos.some((item) => item.active === true);
      const rows: TodoRow[] = body.todos.map((item, position) => {
        const wanted = typeof item.id === 'string' ? item.id.toLowerCase() : undefined;
        const kept = wanted !== undefined && !used.has(wanted) ? existing.get(wanted) : undefined;
        if (kept) used.add(wanted!);
        return {
          id: kept?.id ?? uuidv7(),
          user_id: userId,
          text: item.text,
          completed: item.completed ? 1 : 0,
          position,
          created_at: kept?.created_at ?? now,
          updated_at: now,
          estimate: item.estimate ?? kept?.estimate ?? TODO_ESTIMATE_DEFAULT,
          done_pomodoros: item.done_pomodoros ?? kept?.done_pomodoros ?? 0,
          // An item sent as active wins over a flag kept from before: still one active at most.
          active:
            item.active !== undefined
              ? item.active
                ? 1
                : 0
              : namesActive
                ? 0
                : (kept?.active ?? 0),
        };
      });
      await this.repo.replace(trx, userId, rows);
      return rows.map(toTodoJson);
    });
  }

  /**
   * Changes text, completed, estimate, done count and the active flag (true makes it the list's
   * one active to-do); position moves the item to that index (clamped to the end).
   */
  async update(userId: string, id: string, body: UpdateTodoBody): Promise<Todo> {
    if (!ID_PATTERN.test(id)) throw todoNotFound();
    return this.ctx.db.transaction().execute(async (trx) => {
      await this.repo.lockList(trx, userId);
      const current = await this.repo.findOwned(trx, userId, id);
      if (!current) throw todoNotFound();
      const updatedAt = this.ctx.clock.now().toISOString();
      const patch: Parameters<TodosRepository['update']>[3] = { updated_at: updatedAt };
      if (body.text !== undefined) patch.text = body.text;
      if (body.completed !== undefined) patch.completed = body.completed ? 1 : 0;
      if (body.estimate !== undefined) patch.estimate = body.estimate;
      if (body.done_pomodoros !== undefined) patch.done_pomodoros = body.done_pomodoros;
      if (body.active !== undefined) {
        if (body.active) await this.repo.clearActive(trx, userId, updatedAt);
        patch.active = body.active ? 1 : 0;
      }
      if (body.position !== undefined) {
        const last = (await this.repo.count(trx, userId)) - 1;
        const target = Math.min(body.position, last);
        const from = current.position;
        if (target > from) await this.repo.shift(trx, userId, from + 1, target, -1);
        if (target < from) await this.repo.shift(trx, userId, target, from - 1, 1);
        patch.position = target;
      }
      const updated = await this.repo.update(trx, userId, id, patch);
      if (!updated) throw todoNotFound();
      return toTodoJson(updated);
    });
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!ID_PATTERN.test(id)) throw todoNotFound();
    await this.ctx.db.transaction().execute(async (trx) => {
      await this.repo.lockList(trx, userId);
      const current = await this.repo.findOwned(trx, userId, id);
      if (!current) throw todoNotFound();
      await this.repo.delete(trx, userId, id);
      // Keeps positions 0..n-1, so a later move by index lands where the client expects.
      await this.repo.shift(trx, userId, current.position + 1, MAX_POSITION, -1);
    });
  }
}
