import { useState } from 'react';
import { Alert, Badge, Card, Col, Row, Select, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InspectionStatus, Suggestions } from '@gasops/shared';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { StoreSelect } from '../../components/selects';
import { lazyComponent } from '../../app/lazy';
import { useMe } from '../../app/session';
import { useSuggestions } from './hooks';
import { StatusTag } from './parts';

type Person = Suggestions['items'][number];
type Row = Person['cylinders'][number] & { key: string; rank: number; deliveryPersonName: string | null; deliveryPersonId: number | null };

/** The second tab, the inspections recorded on phones: loaded when it is opened. */
const InspectionRecords = lazyComponent(
  () => import('../field/office/inspection-records'),
  (m) => m.InspectionRecords,
);

/** examinedSuggest: the inspection suggestions, and the safety inspections recorded on phones (field app). */
export function InspectionSuggestScreen() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'suggestions', label: t('field.office.tab.suggestions'), children: <Suggestions /> },
        {
          key: 'records',
          label: <span data-testid="inspection-records-tab">{t('field.office.tab.records')}</span>,
          children: <InspectionRecords />,
        },
      ]}
    />
  );
}

/**
 * Per delivery person, the cylinders at their customers that are due for periodic
 * inspection or overdue, ranked (overdue first, then count), so they are collected on the next
 * delivery; with the customers' addresses and phones for the round, and the export.
 */
function Suggestions() {
  const { t } = useTranslation();
  const [storeId, setStoreId] = useState<number>();
  const [limit, setLimit] = useState(50);
  const [person, setPerson] = useState<number | 'none' | null>(null);
  // A platform administrator is in no group: the suggestions follow a group's inspection window, so a store comes first.
  const needsStore = useMe()?.groupId == null && storeId === undefined;
  const q = useSuggestions({ storeId, limit }, !needsStore);
  const items = q.data?.items ?? [];
  const personKey = (p: { deliveryPersonId: number | null }) => p.deliveryPersonId ?? ('none' as const);
  const nameOf = (p: { deliveryPersonName: string | null }) => p.deliveryPersonName ?? t('cylinders.ui.unassigned');
  const rows: Row[] = items
    .filter((p) => person === null || personKey(p) === person)
    .flatMap((p) =>
      p.cylinders.map((c) => ({
        ...c,
        key: `${p.rank}-${c.id}`,
        rank: p.rank,
        deliveryPersonName: p.deliveryPersonName,
        deliveryPersonId: p.deliveryPersonId,
      })),
    );

  const columns: DataTableColumn<Row>[] = [
    { title: t('cylinders.field.rank'), dataIndex: 'rank', width: 64, align: 'right' },
    {
      title: t('cylinders.field.deliveryPerson'),
      dataIndex: 'deliveryPersonName',
      render: (_: unknown, r) => nameOf(r),
      exportValue: (r) => nameOf(r),
    },
    {
      title: t('cylinders.field.status'),
      dataIndex: 'inspectionStatus',
      render: (v: InspectionStatus) => <StatusTag status={v} />,
      exportValue: (r) => t(`cylinders.status.${r.inspectionStatus}`),
    },
    { title: t('cylinders.field.nextInspectionDeadline'), dataIndex: 'deadline' },
    { title: t('cylinders.field.containerNo'), dataIndex: 'containerNo' },
    { title: t('cylinders.field.customer'), dataIndex: 'customerName' },
    { title: t('cylinders.ui.address'), dataIndex: 'customerAddress' },
    { title: t('cylinders.ui.phone'), dataIndex: 'customerPhone' },
    { title: t('cylinders.field.labelNo'), dataIndex: 'labelNo' },
    { title: t('cylinders.field.sizeKg'), dataIndex: 'sizeKg', align: 'right' },
  ];

  return (
    <div data-testid="suggest-screen">
      <Space wrap style={{ marginBottom: 12 }}>
        <StoreSelect
          allowClear
          placeholder={needsStore ? t('feedback.validation.selectStore') : t('cylinders.ui.allStores')}
          value={storeId}
          onChange={setStoreId}
          data-testid="suggest-store"
        />
        <Select<number>
          style={{ width: 200 }}
          value={limit}
          onChange={setLimit}
          options={[20, 50, 100, 200].map((n) => ({ value: n, label: t('cylinders.ui.perPerson', { count: n }) }))}
        />
        {q.data ? (
          <Typography.Text type="secondary">
            {t('cylinders.ui.suggestWindow', { today: q.data.today, days: q.data.dueDays })}
          </Typography.Text>
        ) : null}
      </Space>
      {needsStore ? (
        <Alert
          type="info"
          showIcon
          title={t('feedback.validation.selectStore')}
          style={{ marginBottom: 12 }}
          data-testid="suggest-choose-store"
        />
      ) : null}
      {q.data && items.length === 0 ? (
        <Alert type="success" showIcon title={t('cylinders.ui.noSuggestions')} style={{ marginBottom: 12 }} />
      ) : null}
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        {items.map((p) => {
          const key = personKey(p);
          const selected = person === key;
          return (
            <Col key={String(key)} xs={12} sm={8} md={6} xl={4}>
              <Card
                size="small"
                hoverable
                onClick={() => setPerson(selected ? null : key)}
                style={selected ? { borderColor: '#2f4b7c', boxShadow: '0 0 0 1px #2f4b7c' } : undefined}
                data-testid={`suggest-person-${p.rank}`}
              >
                <Space align="start">
                  <Badge count={p.rank} color="#2f4b7c" />
                  <div>
                    <Typography.Text strong>{nameOf(p)}</Typography.Text>
                    <div>
                      {t('cylinders.field.suggestionCount')}: <b data-testid={`suggest-count-${p.rank}`}>{p.count}</b>
                    </div>
                    {p.overdue > 0 ? (
                      <Typography.Text type="danger">
                        {t('cylinders.status.overdue')}: {p.overdue}
                      </Typography.Text>
                    ) : null}
                  </div>
                </Space>
              </Card>
            </Col>
          );
        })}
      </Row>
      <DataTable<Row>
        rowKey="key"
        loading={q.isFetching}
        dataSource={rows}
        columns={columns}
        exportable={{ fileName: 'inspection-suggestions' }}
        locale={{ emptyText: needsStore ? t('feedback.validation.selectStore') : t('cylinders.ui.noSuggestions') }}
        toolbar={
          person !== null ? (
            <Typography.Text>
              {t('cylinders.field.deliveryPerson')}:{' '}
              <b>{nameOf(items.find((p) => personKey(p) === person) ?? { deliveryPersonName: null })}</b>{' '}
              <Typography.Link onClick={() => setPerson(null)}>{t('common.all')}</Typography.Link>
            </Typography.Text>
          ) : null
        }
      />
    </div>
  );
}
