import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/Table.css';
import { TIMER_SHORTCUTS } from '../lib/timer-shortcuts';
import { Kbd, Table, type TableProps } from '@mantine/core';

export interface ShortcutsTableProps extends TableProps {
  /** A class for each key cap, when the page styles them its own way. */
  keyClassName?: string;
}

/** The timer's keyboard shortcuts, key and action, as the timer's dialog and the help page list them. */
export function ShortcutsTable({ keyClassName, ...tableProps }: ShortcutsTableProps) {
  return (
    <Table {...tableProps}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Key</Table.Th>
          <Table.Th scope="col">Action</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {TIMER_SHORTCUTS.map((shortcut) => (
          <Table.Tr key={shortcut.keys}>
            <Table.Td>
              <Kbd className={keyClassName}>{shortcut.keys}</Kbd>
            </Table.Td>
            <Table.Td>{shortcut.action}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
