import { ADMIN_MESSAGES } from '@focusroom/core';
import type { Theme } from '@focusroom/core/schemas';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, register, uniqueIdentity, verifiedUser } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';
import { THEME_COLORS } from './support/theme-body.js';

/**
 * The owner of a custom theme sees when a moderator hid it from the gallery (`is_hidden`,
 * `hidden_reason`, decision 031); nobody else's answers ever carry those fields.
 */

const MODERATION_FIELDS = ['is_hidden', 'hidden_reason'] as const;

async function call(
  app: App,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  token?: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function json<T>(app: App, method: 'GET' | 'PUT' | 'POST', url: string, token?: string) {
  const response = await call(app, method, url, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

function withoutModeration(theme: Theme) {
  for (const field of MODERATION_FIELDS) expect(theme).not.toHaveProperty(field);
}

describe.each(DIALECTS)('a hidden theme and its owner on %s', (dialect) => {
  const apps = useTestApps(dialect);

  async function setup() {
    const bossIdentity = uniqueIdentity('boss');
    const made = await apps.make({ env: { ADMIN_EMAILS: bossIdentity.email } });
    const boss = await verifiedUser(made.app, made.mailer, bossIdentity);
    const owner = await register(made.app);
    const other = await register(made.app);
    const create = async (payload: Record<string, unknown>) => {
      const response = await call(made.app, 'POST', '/api/themes/custom', owner.token, {
        ...THEME_COLORS,
        ...payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Theme>();
    };
    return { ...made, boss, owner, other, create };
  }

  it('tells the owner after an admin hides it, and nobody else; unhiding clears it', async () => {
    const { app, boss, owner, other, create } = await setup();
    const shared = await create({ name: 'Loud stripes', is_public: true });
    const kept = await create({ name: 'Quiet desk' });
    // The owner's answers always carry the state, so a client can rely on it.
    expect(shared).toMatchObject({ is_hidden: false, hidden_reason: null });
    expect(kept).toMatchObject({ is_hidden: false, hidden_reason: null });
    // Anyone else's view of a shown theme never does.
    withoutModeration(await json<Theme>(app, 'GET', `/api/themes/${shared.id}`, other.token));
    withoutModeration(await json<Theme>(app, 'GET', `/api/themes/${shared.id}`));
    const gallery = await json<Theme[]>(app, 'GET', '/api/themes/custom/public', owner.token);
    const listed = gallery.find((t) => t.id === shared.id);
    expect(listed).toBeDefined();
    withoutModeration(listed!);

    const hide = await call(app, 'POST', `/api/admin/themes/${shared.id}/hide`, boss.token, {
      reason: 'Too bright for a focus room',
    });
    expect(hide.statusCode, hide.body).toBe(200);

    const hiddenState = { is_hidden: true, hidden_reason: 'Too bright for a focus room' };
    const own = await json<Theme[]>(app, 'GET', '/api/themes/custom/user', owner.token);
    expect(own.map((t) => [t.name, t.is_hidden, t.hidden_reason])).toEqual([
      ['Quiet desk', false, null],
      ['Loud stripes', true, 'Too bright for a focus room'],
    ]);
    expect(await json<Theme>(app, 'GET', `/api/themes/${shared.id}`, owner.token)).toMatchObject(
      hiddenState,
    );
    // Still theirs to use: saving it as the preference answers it with its state.
    const chosen = await call(app, 'PUT', '/api/themes/user', owner.token, {
      theme_id: shared.id,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<Theme>()).toMatchObject({ id: shared.id, ...hiddenState });
    expect(await json<Theme>(app, 'GET', '/api/themes/user', owner.token)).toMatchObject({
      id: shared.id,
      ...hiddenState,
    });
    // An update answers the state, and cannot lift a moderator's decision.
    const renamed = await call(app, 'PUT', `/api/themes/custom/${shared.id}`, owner.token, {
      name: 'Soft stripes',
      is_hidden: false,
      hidden_reason: null,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Theme>()).toMatchObject({ name: 'Soft stripes', ...hiddenState });

    // Nobody else sees the theme, let alone why it was hidden.
    expect((await call(app, 'GET', `/api/themes/${shared.id}`, other.token)).statusCode).toBe(404);
    expect((await call(app, 'GET', `/api/themes/${shared.id}`)).statusCode).toBe(404);
    for (const token of [owner.token, other.token]) {
      const list = await json<Theme[]>(app, 'GET', '/api/themes/custom/public', token);
      expect(list.some((t) => t.id === shared.id)).toBe(false);
      list.forEach(withoutModeration);
    }
    const others = await json<Theme[]>(app, 'GET', '/api/themes/custom/user', other.token);
    expect(others).toEqual([]);

    const restore = await call(app, 'POST', `/api/admin/themes/${shared.id}/restore`, boss.token);
    expect(restore.statusCode, restore.body).toBe(200);
    const back = await json<Theme[]>(app, 'GET', '/api/themes/custom/user', owner.token);
    expect(back.find((t) => t.id === shared.id)).toMatchObject({
      is_hidden: false,
      hidden_reason: null,
    });
    const shown = await json<Theme>(app, 'GET', `/api/themes/${shared.id}`, other.token);
    expect(shown.name).toBe('Soft stripes');
    withoutModeration(shown);
    const again = await json<Theme[]>(app, 'GET', '/api/themes/custom/public', other.token);
    const relisted = again.find((t) => t.id === shared.id);
    expect(relisted).toBeDefined();
    withoutModeration(relisted!);
  });

  it('gives the owner the general reason when the moderator gave none', async () => {
    const { app, boss, owner, create } = await setup();
    const shared = await create({ name: 'Neon rain', is_public: true });
    const hide = await call(app, 'POST', `/api/admin/themes/${shared.id}/hide`, boss.token);
    expect(hide.statusCode, hide.body).toBe(200);
    expect(await json<Theme>(app, 'GET', `/api/themes/${shared.id}`, owner.token)).toMatchObject({
      is_hidden: true,
      hidden_reason: ADMIN_MESSAGES.hiddenByModerator,
    });
    // Made private and public again, it stays hidden until a moderator restores it.
    for (const is_public of [false, true]) {
      const response = await call(app, 'PUT', `/api/themes/custom/${shared.id}`, owner.token, {
        is_public,
      });
      expect(response.json<Theme>()).toMatchObject({ is_public, is_hidden: true });
    }
  });

  it('documents the two owner-only fields in OpenAPI', async () => {
    const { app } = await apps.make();
    const doc = await json<{ paths: Record<string, unknown> }>(app, 'GET', '/api/docs/json');
    const ownList = JSON.stringify(doc.paths['/api/themes/custom/user']);
    expect(ownList).toContain('"is_hidden"');
    expect(ownList).toContain('"hidden_reason"');
  });
});
