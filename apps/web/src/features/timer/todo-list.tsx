import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { TODO_TEXT_MAX_LENGTH, TODOS_MAX_ITEMS } from '@focusroom/core';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  IconCheck,
  IconGripVertical,
  IconPencil,
  IconPlus,
  IconTrash,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { FRESH_TODO_FIELDS, timerController, type TodoItem } from './timer-store';
import { ActiveToggle, DoneCount, EstimateField, EstimateSummary } from './todo-estimates';
import { useTimerStore } from './use-timer';
import { useAdoptEarlyInput } from '../../lib/early-input';
import { useRevealWhenHydrated } from '../../lib/hydration';

function EditField({ item, onDone }: { item: TodoItem; onDone: () => void }) {
  const { t } = useLingui();
  const [text, setText] = useState(item.text);
  const itemText = item.text;
  const finished = useRef(false);
  const commit = () => {
    if (finished.current) return;
    finished.current = true;
    const clean = text.trim();
    if (clean && clean !== item.text) timerController().updateTodo(item.id, { text: clean });
    onDone();
  };
  const cancel = () => {
    finished.current = true;
    onDone();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };
  return (
    <Group gap={4} wrap="nowrap" className="fr-todo-body">
      <TextInput
        aria-label={t`Edit “${itemText}”`}
        value={text}
        maxLength={TODO_TEXT_MAX_LENGTH}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={commit}
        autoFocus
        size="sm"
        style={{ flex: 1 }}
        error={text.trim() === '' ? t`A to-do needs some text` : undefined}
      />
      <EditAction label={t`Save`} color="green" icon={IconCheck} onClick={commit} />
      <EditAction label={t`Cancel editing`} color="gray" icon={IconX} onClick={cancel} />
    </Group>
  );
}

/** Save or cancel beside the edit box. */
function EditAction(props: { label: string; color: string; icon: Icon; onClick: () => void }) {
  const { icon: IconShown } = props;
  return (
    <ActionIcon
      variant="subtle"
      color={props.color}
      aria-label={props.label}
      // Keep the input's blur from committing first: the click does it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={props.onClick}
    >
      <IconShown size={18} aria-hidden />
    </ActionIcon>
  );
}

function SortableTodo({ item }: { item: TodoItem }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.id });
  const controller = timerController();
  const { t } = useLingui();
  const text = item.text;

  return (
    <li
      ref={setNodeRef}
      className="fr-todo"
      data-completed={item.completed}
      data-active={item.active}
      data-dragging={isDragging}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="fr-todo-handle"
        {...attributes}
        {...listeners}
        aria-label={t`Move “${text}”`}
      >
        <IconGripVertical size={16} aria-hidden />
      </button>
      {editing ? (
        <EditField
          item={item}
          onDone={() => {
            setEditing(false);
            requestAnimationFrame(() => editButton.current?.focus());
          }}
        />
      ) : (
        <>
          <div className="fr-todo-body">
            <Checkbox
              checked={item.completed}
              onChange={(event) =>
                controller.updateTodo(item.id, { completed: event.currentTarget.checked })
              }
              label={<span className="fr-todo-text">{item.text}</span>}
            />
          </div>
          <div className="fr-todo-tools">
            <DoneCount item={item} />
            <EstimateField
              value={item.estimate}
              label={t`Estimated pomodoros for “${text}”`}
              onChange={(estimate) => controller.updateTodo(item.id, { estimate })}
            />
            <ActiveToggle item={item} />
          </div>
          <div className="fr-todo-actions">
            <ActionIcon
              ref={editButton}
              variant="subtle"
              color="gray"
              aria-label={t`Edit “${text}”`}
              onClick={() => setEditing(true)}
            >
              <IconPencil size={17} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t`Delete “${text}”`}
              onClick={() => controller.removeTodo(item.id)}
            >
              <IconTrash size={17} aria-hidden />
            </ActionIcon>
          </div>
        </>
      )}
    </li>
  );
}

/**
 * The to-do list of product §2: add, edit in place, complete, delete and drag to reorder (pointer
 * or keyboard: focus a handle, Space to lift, arrows to move, Space to drop). Completed items
 * name the next recorded session (product §5).
 */
export default function TodoList() {
  // The list is this browser's from here on (the boot script hid the server's empty one).
  useRevealWhenHydrated('fr-boot-todos');
  const todos = useTimerStore((s) => s.todos);
  const ready = useTimerStore((s) => s.todosReady);
  const [draft, setDraft] = useState('');
  const [draftEstimate, setDraftEstimate] = useState<number>(FRESH_TODO_FIELDS.estimate);
  const draftField = useRef<HTMLInputElement>(null);
  useAdoptEarlyInput(draftField, draft, setDraft);
  const controller = timerController();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const full = todos.length >= TODOS_MAX_ITEMS;
  const locked = full || !ready;
  const { t } = useLingui();

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim() || locked) return;
    controller.addTodo(draft, draftEstimate);
    setDraft('');
    setDraftEstimate(FRESH_TODO_FIELDS.estimate);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = todos.findIndex((todo) => todo.id === active.id);
    const to = todos.findIndex((todo) => todo.id === over.id);
    controller.moveTodo(from, to);
  };

  const textOf = (id: string | number) => todos.find((todo) => todo.id === id)?.text ?? t`item`;
  const positionOf = (id: string | number) => todos.findIndex((todo) => todo.id === id) + 1;
  const total = todos.length;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={3} fz="md">
          {t`To-do list`}
        </Title>
        <Text size="xs" c="dimmed">
          {t`Completed to-dos name your next session`}
        </Text>
      </Group>
      <form onSubmit={add}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            ref={draftField}
            aria-label={t`New to-do`}
            placeholder={t`Add a to-do`}
            value={draft}
            maxLength={TODO_TEXT_MAX_LENGTH}
            onChange={(event) => setDraft(event.currentTarget.value)}
            style={{ flex: 1 }}
            disabled={locked}
          />
          <EstimateField
            value={draftEstimate}
            label={t`Estimated pomodoros for the new to-do`}
            size="form"
            disabled={locked}
            onChange={setDraftEstimate}
          />
          <Button
            type="submit"
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={locked || !draft.trim()}
          >
            {t`Add`}
          </Button>
        </Group>
      </form>
      {!ready ? (
        <Text size="sm" c="dimmed" role="status">
          {t`Loading your to-dos…`}
        </Text>
      ) : todos.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t`Nothing here yet. Add the first thing you want to get done.`}
        </Text>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: {
              draggable: t`To move a to-do, press Space. Use the up and down arrow keys to move it, Space again to drop it, or Escape to cancel.`,
            },
            announcements: {
              onDragStart: ({ active }) => {
                const name = textOf(active.id);
                const position = positionOf(active.id);
                return t`Picked up ${name}, position ${position} of ${total}.`;
              },
              onDragOver: ({ active, over }) => {
                const name = textOf(active.id);
                if (!over) return t`${name} is no longer over the list.`;
                const position = positionOf(over.id);
                return t`${name} is over position ${position} of ${total}.`;
              },
              onDragEnd: ({ active, over }) => {
                const name = textOf(active.id);
                if (!over) return t`Dropped ${name}.`;
                const position = positionOf(over.id);
                return t`Dropped ${name} at position ${position} of ${total}.`;
              },
              onDragCancel: ({ active }) => {
                const name = textOf(active.id);
                return t`Moving ${name} was cancelled.`;
              },
            },
          }}
        >
          <SortableContext
            items={todos.map((todo) => todo.id)}
            strategy={verticalListSortingStrategy}
          >
            <ul className="fr-todo-list" aria-label={t`To-dos`}>
              {todos.map((item) => (
                <SortableTodo key={item.id} item={item} />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
      {ready ? <EstimateSummary /> : null}
    </Stack>
  );
}
