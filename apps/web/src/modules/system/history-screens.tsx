import { useState } from 'react';
import { Button, Descriptions, Drawer, Select, Tag, Typography } from 'antd';
import { DiffOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { diffValues, isScreenKey, type ActionLogRow, type LoginHistoryRow, type MenuHistoryRow } from '@gasops/shared';
import { formatDateTimeSeconds } from '../../app/dates';
import { useMe } from '../../app/session';
import { PagedTable, SmallTable, type DataTableColumn } from '../../components/data-table';
import { type Range } from '../../components/filters';
import { RangeFilter } from '../../components/date-filters';
import type { PagedList } from '../../components/paged-query';
import { SearchBox } from '../../components/search-box';
import { GroupSelect } from '../../components/selects';
import { useBackgroundUsers } from '../stores/hooks';
import { useActionLog, useActionLogEntry, useLoginHistory, useMenuHistory } from './hooks';

/** Filters every history list has: text, user, date range (and the group for the platform administrator). */
function useHistoryFilters() {
  const [keyword, setKeyword] = useState<string>();
  const [userId, setUserId] = useState<number | null>(null);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [range, setRange] = useState<Partial<Range>>({});
  return {
    keyword,
    setKeyword,
    userId,
    setUserId,
    groupId,
    setGroupId,
    range,
    setRange,
    filters: { keyword, userId, groupId, from: range.from, to: range.to },
  };
}

function HistoryToolbar({ f, placeholder }: { f: ReturnType<typeof useHistoryFilters>; placeholder: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const people = useBackgroundUsers(f.groupId);
  return (
    <>
      {me?.isPlatformAdmin ? <GroupSelect value={f.groupId} onChange={f.setGroupId} /> : null}
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 180 }}
        placeholder={t('system.field.user')}
        value={f.userId ?? undefined}
        onChange={(v) => f.setUserId(v ?? null)}
        options={(people.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.account})` }))}
        data-testid="history-user"
      />
      <RangeFilter value={f.range} onChange={f.setRange} pastOnly label="loggedAt" />
      <SearchBox placeholder={placeholder} onSearch={f.setKeyword} width={320} />
    </>
  );
}

/** A history list: the rows of one history, paged and exportable, under the shared filters. */
function HistoryTable<T extends { id: number }>({
  list,
  columns,
  f,
  placeholder,
}: {
  list: PagedList<T>;
  columns: DataTableColumn<T>[];
  f: ReturnType<typeof useHistoryFilters>;
  placeholder: string;
}) {
  return <PagedTable<T> list={list} columns={columns} toolbar={<HistoryToolbar f={f} placeholder={placeholder} />} />;
}

type Who = { at: string; account: string | null; userName: string | null; groupName: string | null };

/** The first columns of every history: when, who (account and name) and the store group. */
function whenAndWho<T extends Who>(t: (key: string) => string): DataTableColumn<T>[] {
  return [
    { title: t('system.field.at'), dataIndex: 'at', render: formatDateTimeSeconds, exportValue: (r) => formatDateTimeSeconds(r.at) },
    { title: t('system.field.account'), dataIndex: 'account' },
    { title: t('system.field.name'), dataIndex: 'userName' },
    { title: t('system.field.group'), dataIndex: 'groupName' },
  ];
}

const screenName = (t: (k: string) => string, s: string | null) => (s && isScreenKey(s) ? t(`menu.${s}`) : (s ?? ''));

export function LoginHistoryScreen() {
  const { t } = useTranslation();
  const f = useHistoryFilters();
  const list = useLoginHistory(f.filters);
  const result = (r: string) => (['success', 'bad_credentials', 'inactive', 'rate_limited'].includes(r) ? t(`system.history.${r}`) : r);
  const columns: DataTableColumn<LoginHistoryRow>[] = [
    ...whenAndWho<LoginHistoryRow>(t),
    {
      title: t('system.field.result'),
      dataIndex: 'result',
      render: (v: string) => <Tag color={v === 'success' ? 'green' : 'red'}>{result(v)}</Tag>,
      exportValue: (r) => result(r.result),
    },
    {
      title: t('system.field.place'),
      dataIndex: 'place',
      render: (v: string) => t(`system.history.${v === 'seeker' ? 'seeker' : 'admin'}`),
      exportValue: (r) => t(`system.history.${r.place === 'seeker' ? 'seeker' : 'admin'}`),
    },
    { title: t('system.field.ip'), dataIndex: 'ip' },
    { title: t('system.field.userAgent'), dataIndex: 'userAgent', ellipsis: true, width: 280 },
  ];
  return <HistoryTable list={list} columns={columns} f={f} placeholder={t('system.history.searchLogin')} />;
}

export function MenuHistoryScreen() {
  const { t } = useTranslation();
  const f = useHistoryFilters();
  const list = useMenuHistory(f.filters);
  const columns: DataTableColumn<MenuHistoryRow>[] = [
    ...whenAndWho<MenuHistoryRow>(t),
    {
      title: t('system.field.screen'),
      dataIndex: 'screen',
      render: (v: string) => screenName(t, v),
      exportValue: (r) => screenName(t, r.screen),
    },
    { title: t('system.field.path'), dataIndex: 'path' },
  ];
  return <HistoryTable list={list} columns={columns} f={f} placeholder={t('system.history.searchMenu')} />;
}

const show = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function ActionLogScreen() {
  const { t, i18n } = useTranslation();
  const f = useHistoryFilters();
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useActionLog(f.filters);
  const actionName = (a: string) => (i18n.exists(`system.action.${a}`) ? t(`system.action.${a}`) : a);
  const columns: DataTableColumn<ActionLogRow>[] = [
    ...whenAndWho<ActionLogRow>(t),
    {
      title: t('system.field.screen'),
      dataIndex: 'screen',
      render: (v: string | null) => screenName(t, v),
      exportValue: (r) => screenName(t, r.screen),
    },
    { title: t('system.field.action'), dataIndex: 'action', render: actionName, exportValue: (r) => actionName(r.action) },
    { title: t('system.field.entity'), dataIndex: 'entity' },
    { title: t('system.field.entityId'), dataIndex: 'entityId' },
    { title: t('system.field.method'), dataIndex: 'method' },
    { title: t('system.field.path'), dataIndex: 'path' },
    { title: t('system.field.ip'), dataIndex: 'ip' },
    {
      title: t('system.field.changes'),
      key: 'diff',
      noExport: true,
      render: (_, r) =>
        r.hasDiff ? (
          <Button size="small" icon={<DiffOutlined />} onClick={() => setOpenId(r.id)} data-testid="action-log-diff">
            {t('system.history.view')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <HistoryTable list={list} columns={columns} f={f} placeholder={t('system.history.searchAction')} />
      {openId !== null ? <DiffDrawer id={openId} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}

/** Before/after of one action-log entry: the changed fields side by side. */
function DiffDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const detail = useActionLogEntry(id);
  const d = detail.data;
  const diff = d ? diffValues(d.before, d.after) : [];
  return (
    <Drawer open onClose={onClose} size={720} title={t('system.history.diffTitle')} loading={detail.isLoading}>
      {d ? (
        <>
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'at', label: t('system.field.at'), children: formatDateTimeSeconds(d.at) },
              { key: 'who', label: t('system.field.user'), children: `${d.userName ?? ''} (${d.account ?? ''})` },
              { key: 'screen', label: t('system.field.screen'), children: screenName(t, d.screen) },
              {
                key: 'action',
                label: t('system.field.action'),
                children: i18n.exists(`system.action.${d.action}`) ? t(`system.action.${d.action}`) : d.action,
              },
              { key: 'entity', label: t('system.field.entity'), children: `${d.entity ?? ''} #${d.entityId ?? ''}` },
              { key: 'ip', label: t('system.field.ip'), children: d.ip },
            ]}
          />
          {diff.length === 0 ? (
            <Typography.Paragraph type="secondary">{t('system.history.noChanges')}</Typography.Paragraph>
          ) : (
            <SmallTable
              wrap
              data-testid="action-log-diff-table"
              rowKey="field"
              rows={diff}
              columns={[
                { title: t('system.field.changes'), dataIndex: 'field', width: 160 },
                {
                  title: t('system.field.before'),
                  dataIndex: 'before',
                  render: (v: unknown) => <span style={{ color: '#b42318', wordBreak: 'break-all' }}>{show(v)}</span>,
                },
                {
                  title: t('system.field.after'),
                  dataIndex: 'after',
                  render: (v: unknown) => <span style={{ color: '#067647', wordBreak: 'break-all' }}>{show(v)}</span>,
                },
              ]}
            />
          )}
        </>
      ) : null}
    </Drawer>
  );
}
