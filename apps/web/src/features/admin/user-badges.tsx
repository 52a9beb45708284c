import type { AdminUser } from '@focusroom/core/schemas';
import { useLingui } from '@lingui/react/macro';
import { Badge, Group, Text } from '@mantine/core';

/** Admin, unverified, disabled: what sets an account apart, as small badges. */
export function UserBadges({
  user,
}: {
  user: Pick<AdminUser, 'is_admin' | 'is_verified' | 'disabled_at'>;
}) {
  const { t } = useLingui();
  if (!user.is_admin && user.is_verified && !user.disabled_at) {
    return (
      <Text size="xs" c="dimmed" component="span">
        {t`Verified user`}
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {user.is_admin ? (
        <Badge variant="light" color="focus" size="sm">
          {t`Admin`}
        </Badge>
      ) : null}
      {user.is_verified ? null : (
        <Badge variant="light" color="yellow" size="sm">
          {t`Unverified`}
        </Badge>
      )}
      {user.disabled_at ? (
        <Badge variant="light" color="red" size="sm">
          {t`Disabled`}
        </Badge>
      ) : null}
    </Group>
  );
}
