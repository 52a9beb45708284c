import { PANEL_KEY_STEP_PX, PANEL_MARGIN_PX, type PanelPosition } from '@focusroom/core';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type Modifier,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { useLingui } from '@lingui/react/macro';
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';

/**
 * The floating player's frame, which a person moves on a wide screen (decision 054): dragged by
 * its header or its bar (mouse, pen, touch) or moved by keyboard from its handle (Space or Enter,
 * arrows, Space or Enter; Escape puts it back), through dnd-kit, which also tells a screen reader
 * what happens. The frame never leaves the window, and never goes under the top bar.
 */

/** The top bar's height: a moved panel stays below it, with the margin. */
export const TOP_BAR_PX = 64;
export const TOP_INSET_PX = TOP_BAR_PX + PANEL_MARGIN_PX;

export interface DragHandles {
  /** For the handle button: keyboard moves and the draggable's ARIA. */
  handle: {
    ref: (element: HTMLElement | null) => void;
    onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  } & Record<string, unknown>;
  /** For a surface a pointer may drag by (the panel's header, the bar); its buttons still click. */
  surface: { onPointerDown?: (event: PointerEvent<HTMLElement>) => void };
}

const DRAG_ID = 'music-player';

/** Controls inside a surface keep their own pointer: pressing one never starts a drag. */
const OWN_POINTER = 'button:not([data-drag-handle]), a, input, textarea, select, [role="slider"]';

/** Keeps the dragged frame inside the window, below the top bar. */
const keepOnScreen: Modifier = ({ transform, draggingNodeRect, windowRect }) => {
  if (!draggingNodeRect || !windowRect) return transform;
  const clampTo = (value: number, min: number, max: number) =>
    max < min ? max : Math.min(Math.max(value, min), max);
  return {
    ...transform,
    x: clampTo(
      transform.x,
      PANEL_MARGIN_PX - draggingNodeRect.left,
      windowRect.width - PANEL_MARGIN_PX - draggingNodeRect.right,
    ),
    y: clampTo(
      transform.y,
      TOP_INSET_PX - draggingNodeRect.top,
      windowRect.height - PANEL_MARGIN_PX - draggingNodeRect.bottom,
    ),
  };
};

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** An arrow moves the frame PANEL_KEY_STEP_PX, four times as far with Shift. */
const arrowKeys: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const direction = ARROWS[event.code];
  if (!direction) return undefined;
  const step = PANEL_KEY_STEP_PX * (event.shiftKey ? 4 : 1);
  return {
    x: currentCoordinates.x + direction[0] * step,
    y: currentCoordinates.y + direction[1] * step,
  };
};

function Frame({
  position,
  placed,
  movable,
  children,
}: {
  position: PanelPosition | null;
  placed: boolean;
  movable: boolean;
  children: (drag: DragHandles) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } =
    useDraggable({ id: DRAG_ID, disabled: !movable });
  const drag: DragHandles = {
    handle: {
      ...attributes,
      'data-drag-handle': '',
      ref: setActivatorNodeRef,
      onKeyDown: listeners?.onKeyDown as DragHandles['handle']['onKeyDown'],
    },
    surface: {
      onPointerDown: (event) => {
        if ((event.target as Element).closest(OWN_POINTER)) return;
        (listeners?.onPointerDown as ((event: PointerEvent) => void) | undefined)?.(event);
      },
    },
  };
  return (
    <div
      ref={setNodeRef}
      className="fr-music"
      data-moving={isDragging || undefined}
      data-placed={placed || undefined}
      style={
        position
          ? {
              // A place the person dragged it to is measured from the right edge in every
              // language; `left: auto` undoes the stylesheet's inline-end side in Arabic.
              left: 'auto',
              right: position.right,
              bottom: position.bottom,
              transform: CSS.Translate.toString(transform),
            }
          : undefined
      }
    >
      {children(drag)}
    </div>
  );
}

/**
 * The player's frame at `position` (null: where the stylesheet puts it), movable while `movable`;
 * `placed`: a person put it somewhere else than its first place. `onMoved` gets each drop's
 * distance.
 */
export function MovableFrame({
  position,
  placed,
  movable,
  onMoved,
  children,
}: {
  position: PanelPosition | null;
  placed: boolean;
  movable: boolean;
  onMoved: (delta: { x: number; y: number }) => void;
  children: (drag: DragHandles) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: arrowKeys }),
  );
  // What a screen reader hears, in the language of the moment.
  const { t } = useLingui();
  const instructions: ScreenReaderInstructions = {
    draggable: t`To move the music player, press Space or Enter on this handle, move it with the arrow keys (with Shift, further), then press Space or Enter to leave it there, or Escape to cancel.`,
  };
  const announcements: Announcements = {
    onDragStart: () => t`Picked up the music player.`,
    onDragMove: () => undefined,
    onDragOver: () => undefined,
    onDragEnd: () => t`The music player is in its new place.`,
    onDragCancel: () => t`Moving cancelled: the music player is back where it was.`,
  };
  return (
    <DndContext
      sensors={sensors}
      modifiers={[keepOnScreen]}
      autoScroll={false}
      onDragEnd={({ delta }: DragEndEvent) => onMoved(delta)}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <Frame position={position} placed={placed} movable={movable}>
        {children}
      </Frame>
    </DndContext>
  );
}
