import type { MessageDescriptor } from '@lingui/core';
import type { Theme } from '@focusroom/core/schemas';
import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconCheck, IconEyeOff, IconFlag, IconPencil, IconTrash } from '@tabler/icons-react';
import { THEME_COLOR_FIELDS } from '@focusroom/core';
import { useLingui } from '@lingui/react/macro';
import { THEME_PAGE_MESSAGES } from './page-messages';
import { ThemeThumb } from './theme-thumb';
import { themeDescription } from './standard-theme-descriptions';
import { themeName } from './standard-theme-words';

export interface ThemeCardProps {
  theme: Theme;
  active: boolean;
  onApply: () => void;
  /** Given for the user's own themes. */
  onEdit?: () => void;
  onDelete?: () => void;
  /** Given for someone else's public theme. */
  onReport?: () => void;
  /** Shows the creator (the gallery). */
  showCreator?: boolean;
  /** The user's own theme in the gallery. */
  mine?: boolean;
}

/**
 * On the owner's card of a theme a moderator hid from the gallery (only the owner's answers say
 * so, decision 031): that it is hidden, why, and that it is still theirs to use.
 */
function HiddenNote({ reason }: { reason: string | null }) {
  const { i18n } = useLingui();
  const badge = i18n._(THEME_PAGE_MESSAGES.hiddenBadge);
  return (
    <div className="fr-theme-hidden" role="note" aria-label={badge}>
      <Badge
        variant="light"
        color="orange"
        leftSection={<IconEyeOff size={12} aria-hidden />}
        className="fr-theme-hidden-badge"
      >
        {badge}
      </Badge>
      {reason ? (
        <Text size="sm" className="fr-theme-hidden-reason">
          {i18n._(THEME_PAGE_MESSAGES.hiddenReason(reason))}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        {i18n._(THEME_PAGE_MESSAGES.hiddenStillYours)}
      </Text>
    </div>
  );
}

/** One theme: its picture, name, creator, description and colours, and what can be done. */
export function ThemeCard(props: ThemeCardProps) {
  const { theme, active, onApply, onEdit, onDelete, onReport, showCreator, mine } = props;
  const { t, i18n } = useLingui();
  const translate = (words: MessageDescriptor) => i18n._(words);
  const name = themeName(theme, translate);
  const description = themeDescription(theme, translate);
  const username = theme.username;
  // "Public" would be untrue while a moderator keeps it out of the gallery.
  const badges: [string, string][] = [];
  if (mine) badges.push([t`Yours`, 'gray']);
  if (theme.is_public && !showCreator && !theme.is_hidden) badges.push([t`Public`, 'blue']);
  if (active) badges.push([t`In use`, 'focus']);
  return (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      className="fr-theme-card"
      data-active={active || undefined}
      data-testid="theme-card"
      aria-label={name}
      component="article"
    >
      <ThemeThumb theme={theme} />
      {/* A long name takes two lines and the badges wrap under it rather than cut either. */}
      <Group justify="space-between" gap="xs" className="fr-theme-card-head">
        <Title order={3} size="h5" lineClamp={2} className="fr-theme-card-name">
          {name}
        </Title>
        {badges.length > 0 ? (
          <Group gap={4} wrap="nowrap">
            {badges.map(([label, color]) => (
              <Badge key={label} variant="light" color={color}>
                {label}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Group>
      {showCreator && username ? (
        <Text size="sm" c="dimmed">
          {t`by @${username}`}
        </Text>
      ) : null}
      {description ? (
        <Text size="sm" c="dimmed" lineClamp={2} title={description}>
          {description}
        </Text>
      ) : null}
      <span className="fr-theme-dots" aria-hidden="true">
        {THEME_COLOR_FIELDS.map((field) => (
          <span key={field} className="fr-theme-dot" style={{ background: theme[field] }} />
        ))}
      </span>
      {theme.is_hidden ? <HiddenNote reason={theme.hidden_reason ?? null} /> : null}
      <Group gap="xs" mt="auto" className="fr-theme-actions">
        <Button
          size="xs"
          variant={active ? 'light' : 'filled'}
          leftSection={active ? <IconCheck size={14} aria-hidden /> : null}
          onClick={onApply}
          disabled={active}
          aria-label={active ? t`Applied ${name}` : t`Apply ${name}`}
        >
          {active ? t`Applied` : t`Apply`}
        </Button>
        {onEdit ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={onEdit}
            aria-label={t`Edit ${name}`}
          >
            {t`Edit`}
          </Button>
        ) : null}
        {onDelete ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onDelete}
            aria-label={t`Delete ${name}`}
          >
            {t`Delete`}
          </Button>
        ) : null}
        {onReport ? (
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconFlag size={14} aria-hidden />}
            onClick={onReport}
            aria-label={t`Report ${name}`}
          >
            {t`Report`}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
