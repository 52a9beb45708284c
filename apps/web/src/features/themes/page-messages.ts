import { msg } from '@lingui/core/macro';

/**
 * What /themes says on the owner's card of a theme a moderator hid from the public gallery
 * (decision 031). A module of its own, so the first load of / does not carry it.
 */
export const THEME_PAGE_MESSAGES = {
  hiddenBadge: msg`Hidden from the gallery`,
  hiddenReason: (reason: string) => msg`Moderator’s reason: ${reason}`,
  hiddenStillYours: msg`Other people no longer see it in the public gallery. It is still yours to use and change.`,
};
