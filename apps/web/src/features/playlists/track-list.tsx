import '@mantine/core/styles/ActionIcon.css';
import type { PlaylistTrack } from '@focusroom/core/schemas';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconGripVertical, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { TrackArtwork } from '../../components/track-artwork';
import { movedIds } from './track-order';

/** Tracks move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

interface TrackRowProps {
  track: PlaylistTrack;
  sortingDisabled: boolean;
  onPlay: () => void;
  onRemove: () => void;
  removing: boolean;
}

function TrackRow({ track, sortingDisabled, onPlay, onRemove, removing }: TrackRowProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: track.id, disabled: sortingDisabled });
  const artwork = track.artwork || track.image_url;
  const { t } = useLingui();
  const title = track.title;
  return (
    <li
      ref={setNodeRef}
      className="fr-track"
      data-dragging={isDragging}
      data-track-id={track.id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="fr-track-handle"
        {...attributes}
        {...listeners}
        aria-label={t`Move ${title}`}
      >
        <IconGripVertical size={18} aria-hidden />
      </button>
      <TrackArtwork src={artwork} className="fr-track-art" iconSize={18} />
      <div className="fr-track-text">
        <Text size="sm" fw={600} lineClamp={2} className="fr-track-title">
          {track.title}
        </Text>
        {track.artist ? (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {track.artist}
          </Text>
        ) : null}
      </div>
      <div className="fr-track-actions">
        <ActionIcon variant="subtle" size="lg" aria-label={t`Play from ${title}`} onClick={onPlay}>
          <IconPlayerPlay size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t`Remove ${title}`}
          onClick={onRemove}
          loading={removing}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </div>
    </li>
  );
}

export interface TrackListProps {
  tracks: readonly PlaylistTrack[];
  /** While an order is being saved, another drag would race it. */
  sortingDisabled: boolean;
  removingId: string | null;
  onReorder: (songIds: string[]) => void;
  onPlayFrom: (index: number) => void;
  onRemove: (track: PlaylistTrack) => void;
}

/**
 * A playlist's tracks in order (artwork, title, artist). Each row's handle reorders by drag
 * (mouse or touch) or by keyboard (Space, arrows, Space; Escape cancels); a screen reader hears
 * where the track is.
 */
export function TrackList({
  tracks,
  sortingDisabled,
  removingId,
  onReorder,
  onPlayFrom,
  onRemove,
}: TrackListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = tracks.map((track) => track.id);
  // What a screen reader hears while a track moves, in the language of the moment.
  const { t } = useLingui();
  const titleOf = (id: UniqueIdentifier) =>
    tracks.find((track) => track.id === String(id))?.title ?? t`Track`;
  const positionOf = (id: UniqueIdentifier | undefined) =>
    id === undefined ? 0 : ids.indexOf(String(id)) + 1;
  // A pick-up is at once "over" its own place; saying so would cut off "Picked up" (the live
  // region reads only its latest text), so the first such report is skipped.
  const moved = useRef(false);
  const total = ids.length;
  const instructions: ScreenReaderInstructions = {
    draggable: t`To move a track, press Space or Enter on its handle, move it with the up and down arrow keys, then press Space or Enter to drop it there, or Escape to cancel.`,
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      const title = titleOf(active.id);
      const position = positionOf(active.id);
      return t`Picked up ${title}, position ${position} of ${total}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over || (!moved.current && over.id === active.id)) return undefined;
      moved.current = true;
      const title = titleOf(active.id);
      const position = positionOf(over.id);
      return t`${title} is over position ${position} of ${total}.`;
    },
    onDragEnd: ({ active, over }) => {
      const title = titleOf(active.id);
      if (!over) return t`${title} dropped where it was.`;
      const position = positionOf(over.id);
      return t`${title} dropped at position ${position} of ${total}.`;
    },
    onDragCancel: ({ active }) => {
      const title = titleOf(active.id);
      const position = positionOf(active.id);
      return t`Moving cancelled. ${title} stays at position ${position}.`;
    },
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const next = movedIds(ids, String(active.id), over ? String(over.id) : null);
    if (next) onReorder(next);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={handleDragEnd}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="fr-track-list" aria-label={t`Tracks`}>
          {tracks.map((track, index) => (
            <TrackRow
              key={track.id}
              track={track}
              sortingDisabled={sortingDisabled}
              onPlay={() => onPlayFrom(index)}
              onRemove={() => onRemove(track)}
              removing={removingId === track.id}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
