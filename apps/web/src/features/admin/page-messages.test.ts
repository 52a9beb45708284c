import { ADMIN_ACTIONS } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ADMIN_ACTION_LABELS } from './page-messages';

describe('ADMIN_ACTION_LABELS', () => {
  it('names every action', () => {
    for (const action of ADMIN_ACTIONS) expect(i18n._(ADMIN_ACTION_LABELS[action])).toMatch(/\w/);
  });
});
