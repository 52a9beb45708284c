import '@mantine/core/styles/Tabs.css';
import './admin.css';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Tabs } from '@mantine/core';
import { IconChartBar, IconHistory, IconPalette, IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { AuditTab } from './audit-tab';
import { OverviewTab } from './overview-tab';
import { ThemesTab } from './themes-tab';
import { UsersTab } from './users-tab';

const TABS = [
  { value: 'overview', label: msg`Overview`, icon: IconChartBar },
  { value: 'users', label: msg`Users`, icon: IconUsers },
  { value: 'themes', label: msg`Themes`, icon: IconPalette },
  { value: 'audit', label: msg`Audit log`, icon: IconHistory },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** The tab named by `?tab=`, or the overview for a missing or unknown one. */
export function tabFromSearch(value: string | null): TabValue {
  return TABS.find((tab) => tab.value === value)?.value ?? 'overview';
}

/**
 * /admin (product §2, §6; admins only, the guard shows everyone else "Not allowed"): the
 * service's figures, the people, the themes to moderate and the record of every admin action.
 * The open tab lives in the address (`?tab=users`), so a reload or a shared link keeps it.
 */
export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabFromSearch(params.get('tab'));
  const select = (value: string | null) => {
    const next = tabFromSearch(value);
    setParams(next === 'overview' ? {} : { tab: next }, { replace: true });
  };
  const { t, i18n } = useLingui();
  return (
    <PageShell
      title={t`Admin`}
      description={t`The service at a glance, its people and themes, and a record of every admin action.`}
    >
      <Tabs value={tab} onChange={select} keepMounted={false} className="fr-admin-tabs">
        <Tabs.List>
          {TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
              {i18n._(label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="lg">
          <OverviewTab />
        </Tabs.Panel>
        <Tabs.Panel value="users" pt="lg">
          <UsersTab />
        </Tabs.Panel>
        <Tabs.Panel value="themes" pt="lg">
          <ThemesTab />
        </Tabs.Panel>
        <Tabs.Panel value="audit" pt="lg">
          <AuditTab />
        </Tabs.Panel>
      </Tabs>
    </PageShell>
  );
}
