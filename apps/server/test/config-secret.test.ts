import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearer, verifiedUser } from './support/accounts.js';
import { tempDir, useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';
import { JWT_SECRET_FILE, loadConfig } from '../src/config.js';

describe.each(DIALECTS)('the generated JWT secret on %s', (dialect) => {
  const apps = useTestApps(dialect);

  it('is generated once into DATA_DIR with mode 0600 and reused, so tokens survive a restart', async () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const env = { DATA_DIR: dataDir, JWT_SECRET: '' };
    const first = loadConfig(env);
    const file = path.join(dataDir, JWT_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.jwtSecret.length).toBe(32);

    const before = await apps.make({ env });
    const { token } = await verifiedUser(before.app, before.mailer);
    await before.app.close();

    const second = loadConfig(env);
    expect(Buffer.from(second.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(true);
    const after = await apps.make({ env });
    const me = await after.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(200);

    const other = await apps.make({ env: { DATA_DIR: tempDir(), JWT_SECRET: '' } });
    const elsewhere = await other.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(token),
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('resolves a relative DATA_DIR against the working directory and creates it', () => {
    const cwd = tempDir();
    const config = loadConfig({ DATA_DIR: 'data' }, { cwd });
    expect(config.dataDir).toBe(path.join(cwd, 'data'));
    expect(fs.existsSync(path.join(cwd, 'data', JWT_SECRET_FILE))).toBe(true);
    expect(config.database).toEqual({
      kind: 'sqlite',
      file: path.join(cwd, 'data', 'focusroom.db'),
    });
  });
});
