import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Divider.css';
import './ambient.css';
import {
  AMBIENT_MIX_NAME_MAX_LENGTH,
  AMBIENT_VOLUME_MAX,
  AMBIENT_VOLUME_MIN,
  SOUNDSCAPES,
  mixNameError,
  type AmbientPhase,
} from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Alert,
  Button,
  CloseButton,
  Divider,
  Group,
  NativeSelect,
  Paper,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlayerPauseFilled, IconPlayerPlayFilled, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import {
  ambientStore,
  deleteAmbientMix,
  loadAmbientMix,
  saveAmbientMix,
  setAmbientMaster,
  setAmbientPlaying,
  setAmbientSound,
  setFollowEnabled,
  setFollowPhaseSound,
  type AmbientState,
} from './ambient-store';
import { MIX_MESSAGES, NO_AUDIO, ambientMessage, soundscapeLabel } from './ambient-words';
import { ambientAudioSupported, startAmbientEngine } from './audio/ambient-engine';

function useAmbient<T>(selector: (state: AmbientState) => T): T {
  return useStore(ambientStore(), selector);
}

/** Turns sound on from a click (the gesture browsers need); false without Web Audio. */
function soundOn(): boolean {
  if (!startAmbientEngine()) return false;
  setAmbientPlaying(true);
  return true;
}

function VolumeSlider({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  return (
    <Slider
      className="fr-ambient-slider"
      thumbLabel={label}
      min={AMBIENT_VOLUME_MIN}
      max={AMBIENT_VOLUME_MAX}
      step={1}
      value={value}
      onChange={onChange}
      label={(v) => `${v}%`}
      disabled={disabled}
      size="sm"
    />
  );
}

function SoundRows({ onNoAudio }: { onNoAudio: () => void }) {
  const sounds = useAmbient((s) => s.mix.sounds);
  const playing = useAmbient((s) => s.playing);
  const { t } = useLingui();
  return (
    <Stack gap={10} component="ul" className="fr-ambient-list" aria-label={t`Soundscapes`}>
      {SOUNDSCAPES.map(({ id }) => {
        const name = soundscapeLabel(id);
        return (
          <li key={id} className="fr-ambient-row">
            <Switch
              label={name}
              checked={sounds[id].on}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setAmbientSound(id, { on });
                // Turning a sound on is a click: it also turns sound on.
                if (on && !playing && !soundOn()) onNoAudio();
              }}
              className="fr-ambient-switch"
            />
            <VolumeSlider
              label={t`${name} volume`}
              value={sounds[id].volume}
              onChange={(volume) => setAmbientSound(id, { volume })}
            />
          </li>
        );
      })}
    </Stack>
  );
}

function SavedMixes() {
  const saved = useAmbient((s) => s.saved);
  const form = useForm({
    initialValues: { name: '' },
    validate: {
      name: (value: string) => {
        const error = mixNameError(value);
        return error === null ? null : ambientMessage(error);
      },
    },
  });
  // A descriptor, so the line follows a change of language.
  const [status, setStatus] = useState<MessageDescriptor | null>(null);
  const { t, i18n } = useLingui();

  const submit = form.onSubmit(
    ({ name }) => {
      // The name is good; the mix may still be refused (nothing on, no room for another).
      const result = saveAmbientMix(name);
      if (!result.ok) {
        form.setFieldError('name', ambientMessage(result.error));
        setStatus(null);
        return;
      }
      form.setFieldValue('name', '');
      setStatus(
        result.replaced
          ? MIX_MESSAGES.mixReplaced(result.name)
          : MIX_MESSAGES.mixSaved(result.name),
      );
    },
    () => setStatus(null),
  );

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t`Saved mixes`}
      </Title>
      <form onSubmit={submit} noValidate>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label={t`Mix name`}
            {...form.getInputProps('name')}
            maxLength={AMBIENT_MIX_NAME_MAX_LENGTH + 20}
            size="sm"
            style={{ flex: 1 }}
          />
          <Button type="submit" size="sm" mt={25} variant="light">
            {t`Save mix`}
          </Button>
        </Group>
      </form>
      <Text size="sm" c="dimmed" role="status" aria-live="polite" className="fr-ambient-status">
        {status ? i18n._(status) : ''}
      </Text>
      {saved.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t`No saved mixes yet.`}
        </Text>
      ) : (
        <Stack gap={6} component="ul" className="fr-ambient-list" aria-label={t`Saved mixes`}>
          {saved.map(({ name }) => (
            <li key={name} className="fr-ambient-saved">
              <Text size="sm" truncate="end" className="fr-ambient-saved-name">
                {name}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  aria-label={t`Load ${name}`}
                  onClick={() => {
                    if (loadAmbientMix(name)) setStatus(MIX_MESSAGES.mixLoaded(name));
                  }}
                >
                  {t`Load`}
                </Button>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t`Delete ${name}`}
                  onClick={() => {
                    deleteAmbientMix(name);
                    setStatus(MIX_MESSAGES.mixDeleted(name));
                  }}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Each phase's controls, by phase (whole labels: the phase's word differs from one to the next). */
const PHASE_LABELS: Record<
  AmbientPhase,
  {
    sounds: MessageDescriptor;
    volumeHeading: MessageDescriptor;
    volume: MessageDescriptor;
    last: MessageDescriptor;
  }
> = {
  focus: {
    sounds: msg`Focus: sounds`,
    volumeHeading: msg`Focus: volume`,
    volume: msg`Focus volume`,
    last: msg`Sounds last heard in focus`,
  },
  break: {
    sounds: msg`Breaks: sounds`,
    volumeHeading: msg`Breaks: volume`,
    volume: msg`Breaks volume`,
    last: msg`Sounds last heard in a break`,
  },
};

function PhaseChoice({ phase }: { phase: AmbientPhase }) {
  const choice = useAmbient((s) => s.follow[phase]);
  const saved = useAmbient((s) => s.saved);
  const labels = PHASE_LABELS[phase];
  const { i18n } = useLingui();
  return (
    <Stack gap={6}>
      <NativeSelect
        label={i18n._(labels.sounds)}
        size="sm"
        value={choice.mix ?? ''}
        onChange={(event) => setFollowPhaseSound(phase, { mix: event.currentTarget.value || null })}
        data={[
          { value: '', label: i18n._(labels.last) },
          ...saved.map((m) => ({ value: m.name, label: m.name })),
        ]}
      />
      <Text size="sm" component="div">
        {i18n._(labels.volumeHeading)}
      </Text>
      <VolumeSlider
        label={i18n._(labels.volume)}
        value={choice.volume}
        onChange={(volume) => setFollowPhaseSound(phase, { volume })}
      />
    </Stack>
  );
}

function FollowTimer() {
  const enabled = useAmbient((s) => s.follow.enabled);
  const { t } = useLingui();
  return (
    <Stack gap="xs">
      <Switch
        label={t`Sound follows the timer`}
        description={t`Separate sounds and volume for focus and for breaks, with a short fade.`}
        checked={enabled}
        onChange={(event) => setFollowEnabled(event.currentTarget.checked)}
      />
      {enabled ? (
        <Stack gap="sm" pl="xs">
          <PhaseChoice phase="focus" />
          <PhaseChoice phase="break" />
        </Stack>
      ) : null}
    </Stack>
  );
}

export interface AmbientPanelProps {
  id: string;
  onClose: () => void;
}

/**
 * The ambient mixer (product §4 ambient mixer): sound on or off, the master volume, each
 * soundscape with its own switch and volume, saved mixes, and sound that follows the timer.
 * A non-modal panel above the Sounds button, for visitors and signed-in users alike.
 */
export default function AmbientPanel({ id, onClose }: AmbientPanelProps) {
  const playing = useAmbient((s) => s.playing);
  const master = useAmbient((s) => s.mix.master);
  const titleId = useId();
  const [noAudio, setNoAudio] = useState(!ambientAudioSupported());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { t, i18n } = useLingui();

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Paper
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      className="fr-ambient-panel"
      withBorder
      shadow="lg"
      radius="md"
      p="md"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id={titleId} ref={headingRef} tabIndex={-1}>
            {t`Sounds`}
          </Title>
          <CloseButton aria-label={t`Close sounds`} onClick={onClose} />
        </Group>
        {noAudio ? (
          <Alert color="red" variant="light">
            {i18n._(NO_AUDIO)}
          </Alert>
        ) : null}
        <Group gap="sm" wrap="nowrap" align="center">
          <Button
            size="sm"
            leftSection={
              playing ? (
                <IconPlayerPauseFilled size={16} aria-hidden />
              ) : (
                <IconPlayerPlayFilled size={16} aria-hidden />
              )
            }
            onClick={() => {
              if (playing) setAmbientPlaying(false);
              else if (!soundOn()) setNoAudio(true);
            }}
            disabled={noAudio}
          >
            {playing ? t`Pause sounds` : t`Play sounds`}
          </Button>
          <div className="fr-ambient-master">
            <Text size="xs" c="dimmed" component="div" mb={2}>
              {t`Volume`}
            </Text>
            <VolumeSlider label={t`Master volume`} value={master} onChange={setAmbientMaster} />
          </div>
        </Group>
        <SoundRows onNoAudio={() => setNoAudio(true)} />
        <Divider />
        <SavedMixes />
        <Divider />
        <FollowTimer />
        <Text size="xs" c="dimmed">
          {t`Generated in your browser: no downloads, and it keeps working offline.`}
        </Text>
      </Stack>
    </Paper>
  );
}
