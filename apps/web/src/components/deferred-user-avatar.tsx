import { lazy, Suspense } from 'react';
import { importWithTimeout } from '../lib/lazy-with-timeout';
import type { UserAvatarProps } from './user-avatar';

/** An empty circle of the avatar's size: what shows while the avatar loads, or if it cannot. */
function AvatarSlot({ size }: { size: number }) {
  return (
    <span className="fr-avatar-slot" style={{ width: size, height: size }} aria-hidden="true" />
  );
}

const Avatar = lazy(() =>
  importWithTimeout(() => import('./user-avatar')).then(
    (m) => ({ default: m.UserAvatar }),
    // An ornament beside the name: a chunk that does not come leaves the circle, not an error.
    () => ({ default: ({ size }: UserAvatarProps) => <AvatarSlot size={Number(size)} /> }),
  ),
);

/**
 * The signed-in user's avatar in the top bar and the drawer. Its code (Mantine's Avatar and the
 * twelve icons of product §2) is a signed-in user's only, so it is not in a visitor's first load
 * of / (DESIGN §6's budget); a circle of the same size holds its place meanwhile, so nothing
 * moves when it arrives.
 */
export function DeferredUserAvatar(props: UserAvatarProps & { size: number; decorative: true }) {
  return (
    <Suspense fallback={<AvatarSlot size={props.size} />}>
      <Avatar {...props} />
    </Suspense>
  );
}
