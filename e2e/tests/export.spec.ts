import fs from 'node:fs';
import { expect, test } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { createSession, listSessions, me, sessionEndingAgo } from '../support/stats-api.js';

/* "Your data is yours" (decision 034): the profile's Download my data. */

test('Download my data saves the account export as a JSON file that parses', async ({ page }) => {
  const { user, token } = await createVerifiedUser('export');
  await createSession(token, sessionEndingAgo(30, 25, 'Write the export test'));
  await createSession(token, sessionEndingAgo(5, 15, 'Read "the brief"'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, token, '/profile');

  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^focusroom-export-\d{4}-\d{2}-\d{2}\.json$/);

  const document = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
    format: string;
    version: number;
    exported_at: string;
    profile: { id: string; email: string; username: string };
    sessions: { id: string; task: string }[];
    todos: unknown[];
    playlists: unknown[];
  };
  expect(download.suggestedFilename()).toBe(
    `focusroom-export-${document.exported_at.slice(0, 10)}.json`,
  );
  expect(document.format).toBe('focusroom-export');
  expect(document.version).toBe(1);
  expect(document.profile).toMatchObject({
    id: (await me(token)).id,
    email: user.email,
    username: user.username,
  });
  expect(document.sessions).toEqual(await listSessions(token));
  expect(document.sessions.map((s) => s.task)).toEqual([
    'Read "the brief"',
    'Write the export test',
  ]);
  expect(Array.isArray(document.todos) && Array.isArray(document.playlists)).toBe(true);
  expect(JSON.stringify(document)).not.toContain(user.password);
  await expect(section.getByRole('alert')).toHaveCount(0);
});
