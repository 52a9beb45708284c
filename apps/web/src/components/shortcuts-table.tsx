import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/Table.css';
import { TIMER_SHORTCUTS } from '../lib/timer-shortcuts';
import { Kbd, Table, type TableProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

export interface ShortcutsTableProps extends TableProps {
  /** A class for each key cap, when the page styles them its own way. */
  keyClassName?: string;
}

/** The timer's keyboard shortcuts, key and action, as the timer's dialog and the help page list them. */
export function ShortcutsTable({ keyClassName, ...tableProps }: ShortcutsTableProps) {
  const { t, i18n } = useLingui();
  return (
    <Table {...tableProps}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t`Key`}</Table.Th>
          <Table.Th scope="col">{t`Action`}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {TIMER_SHORTCUTS.map((shortcut) => (
          <Table.Tr key={shortcut.keys}>
            <Table.Td>
              <Kbd className={keyClassName}>
                {shortcut.keyName ? i18n._(shortcut.keyName) : shortcut.keys}
              </Kbd>
            </Table.Td>
            <Table.Td>{i18n._(shortcut.action)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
