import { useState } from 'react';
import { Button, Grid, Select, Space, Tooltip, Typography } from 'antd';
import Search from 'antd/es/input/Search';
import { EyeOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MATERIALS, type CylinderRow, type FillState, type InspectionStatus, type LocationKind, type Material } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { lazyDialog } from '../../app/lazy';
import { useMe } from '../../app/session';
import { actionsColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { type Range } from '../../components/filters';
import { RangeFilter } from '../../components/date-filters';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { useKg } from '../../components/format';
import { useGroupOptions } from '../stores/hooks';
import { useCylinders, useDeleteCylinder, usePrintLabels } from './hooks';
import { CompanyFilter } from './list-filters';
import { CylinderThumb } from './cylinder-thumb';
import { FillSelect, LocationSelect, MovementTag, SIZE_OPTIONS, StatusSelect, StatusTag, usePlaceText } from './parts';

/** The cylinder form and the detail (its history, photo and upload): loaded with their first opening. */
const CylinderFormModal = lazyDialog(
  () => import('./cylinder-form'),
  (m) => m.CylinderFormModal,
);
const CylinderDetailDrawer = lazyDialog(
  () => import('./cylinder-detail'),
  (m) => m.CylinderDetailDrawer,
);

type Filters = {
  keyword?: string;
  groupId?: number;
  storeId?: number;
  status?: InspectionStatus;
  locationKind?: LocationKind;
  fill?: FillState;
  material?: Material;
  sizeKg?: number;
  containerSpec?: string;
  deadlineFrom?: string;
  deadlineTo?: string;
  sort: 'newest' | 'deadline';
};

/**
 * The cylinder registry: search by container or label number, filters by status, place, size,
 * specification and deadline, the status in colour, the photo, the detail with its history, edit and
 * delete. `system`: the platform administrator's SystemCylinderMaintenance, every store group
 * (one at a time with the group filter).
 */
function CylinderRegistry({ system }: { system: boolean }) {
  const { t } = useTranslation();
  const me = useMe();
  const place = usePlaceText();
  const kg = useKg();
  const [filters, setFilters] = useState<Filters>({ sort: 'newest' });
  const [editing, setEditing] = useState<CylinderRow | 'new' | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const screens = Grid.useBreakpoint();
  const [moreFilters, setMoreFilters] = useState(false);
  const list = useCylinders(filters);
  const remove = useDeleteCylinder();
  const print = usePrintLabels();
  const [selected, setSelected] = useState<number[]>([]);
  const groups = useGroupOptions(system && !!me?.isPlatformAdmin);
  const groupName = (id: number) => groups.data?.find((g) => g.id === id)?.name ?? String(id);
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const statusText = (s: InspectionStatus) => t(`cylinders.status.${s}`);

  const columns: DataTableColumn<CylinderRow>[] = [
    {
      title: t('cylinders.field.image'),
      key: 'image',
      noExport: true,
      width: 48,
      render: (_: unknown, r) => <CylinderThumb id={r.id} hasImage={r.hasImage} version={r.updatedAt} size={32} />,
    },
    {
      title: t('cylinders.field.containerNo'),
      dataIndex: 'containerNo',
      render: (v: string, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setDetailId(r.id)} data-testid={`cylinder-open-${r.id}`}>
          {v}
        </Button>
      ),
    },
    { title: t('cylinders.field.labelNo'), dataIndex: 'labelNo' },
    {
      title: t('cylinders.field.status'),
      dataIndex: 'inspectionStatus',
      render: (v: InspectionStatus, r) => <StatusTag status={v} testId={`cylinder-status-${r.id}`} />,
      exportValue: (r) => statusText(r.inspectionStatus),
    },
    {
      title: t('cylinders.field.nextInspectionDeadline'),
      dataIndex: 'nextInspectionDeadline',
      render: (v: string | null, r) =>
        r.deadlineSuggested ? (
          <Tooltip title={t('cylinders.warning.deadlineSuggested')}>
            <Typography.Text type="secondary">{v} *</Typography.Text>
          </Tooltip>
        ) : (
          v
        ),
    },
    ...(system
      ? [
          {
            title: t('cylinders.field.group'),
            key: 'group',
            exportValue: (r: CylinderRow) => groupName(r.groupId),
            render: (_: unknown, r: CylinderRow) => groupName(r.groupId),
          },
        ]
      : []),
    { title: t('cylinders.field.store'), dataIndex: 'storeName' },
    { title: t('cylinders.field.sizeKg'), dataIndex: 'sizeKg', align: 'right' },
    { title: t('cylinders.field.containerSpec'), dataIndex: 'containerSpec' },
    {
      title: t('cylinders.field.location'),
      key: 'place',
      render: (_: unknown, r) => (
        <span>
          {place(r.locationKind, r.fill)}
          {r.locationName ? <Typography.Text type="secondary"> · {r.locationName}</Typography.Text> : null}
        </span>
      ),
      exportValue: (r) => `${place(r.locationKind, r.fill)}${r.locationName ? ` · ${r.locationName}` : ''}`,
    },
    {
      title: t('cylinders.field.lastMovement'),
      dataIndex: 'lastMovementKind',
      render: (v: CylinderRow['lastMovementKind'], r) =>
        v ? (
          <Tooltip title={formatDateTime(r.lastMovedAt)}>
            <span>
              <MovementTag kind={v} />
            </span>
          </Tooltip>
        ) : null,
      exportValue: (r) => (r.lastMovementKind ? t(`cylinders.movement.${r.lastMovementKind}`) : null),
    },
    {
      title: t('cylinders.field.tareKg'),
      dataIndex: 'tareG',
      align: 'right',
      render: (v: number | null) => kg(v, 2),
      exportValue: (r) => (r.tareG == null ? null : r.tareG / 1000),
    },
    { title: t('cylinders.field.pressureTestDate'), dataIndex: 'pressureTestDate' },
    { title: t('cylinders.field.lastInspectionDate'), dataIndex: 'lastInspectionDate' },
    { title: t('cylinders.field.inspectionAgencyCode'), dataIndex: 'inspectionAgencyCode' },
    { title: t('cylinders.field.handlingSite'), dataIndex: 'handlingSiteName' },
    { title: t('cylinders.field.remark'), dataIndex: 'remark', ellipsis: true },
    actionsColumn(
      t('common.actions'),
      (r) => (
        <RowActions
          screen="CylinderMaintenance"
          testId={`cylinder-${r.id}`}
          onEdit={() => setEditing(r)}
          onDelete={() => remove.mutateAsync(r.id)}
          deleteNote={t('cylinders.ui.deleteNote')}
          extra={
            <Tooltip title={t('common.detail')}>
              <Button size="small" icon={<EyeOutlined />} onClick={() => setDetailId(r.id)} aria-label={t('common.detail')} />
            </Tooltip>
          }
        />
      ),
      { fixed: 'right' },
    ),
  ];

  return (
    <div data-testid={system ? 'system-cylinder-screen' : 'cylinder-screen'}>
      <PagedTable<CylinderRow>
        list={list}
        fileName={system ? 'system-cylinders' : 'cylinders'}
        columns={columns}
        size="small"
        locale={{ emptyText: t('cylinders.ui.emptyRegistry') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true }}
        toolbar={
          <Space wrap>
            <SearchBox
              placeholder={t('cylinders.ui.searchNumber')}
              onSearch={(keyword) => set({ keyword })}
              width={320}
              testId="cylinder-search"
            />
            <CompanyFilter
              withGroup={system}
              groupId={filters.groupId}
              storeId={filters.storeId}
              onChange={set}
              storeTestId="cylinder-filter-store"
            />
            <StatusSelect allowClear value={filters.status} onChange={(status) => set({ status })} data-testid="cylinder-filter-status" />
            {screens.md || moreFilters ? (
              <>
                <LocationSelect
                  allowClear
                  value={filters.locationKind}
                  onChange={(locationKind) => set({ locationKind })}
                  data-testid="cylinder-filter-location"
                />
                <FillSelect allowClear value={filters.fill} onChange={(fill) => set({ fill })} />
                <Select<number>
                  allowClear
                  placeholder={t('cylinders.field.sizeKg')}
                  style={{ width: 170 }}
                  options={SIZE_OPTIONS}
                  value={filters.sizeKg}
                  onChange={(sizeKg) => set({ sizeKg })}
                />
                <Select<Material>
                  allowClear
                  placeholder={t('cylinders.field.material')}
                  style={{ width: 120 }}
                  options={MATERIALS.map((m) => ({ value: m, label: t(`cylinders.material.${m}`) }))}
                  value={filters.material}
                  onChange={(material) => set({ material })}
                />
                <Search
                  allowClear
                  placeholder={t('cylinders.field.containerSpec')}
                  style={{ width: 240 }}
                  onSearch={(v) => set({ containerSpec: v.trim() || undefined })}
                />
                <Space size={4}>
                  <Typography.Text type="secondary">{t('cylinders.field.nextInspectionDeadline')}</Typography.Text>
                  <RangeFilter
                    value={{ from: filters.deadlineFrom, to: filters.deadlineTo } as Partial<Range>}
                    onChange={(r) => set({ deadlineFrom: r.from, deadlineTo: r.to })}
                    testId="cylinder-filter-deadline"
                  />
                </Space>
                <Select<'newest' | 'deadline'>
                  style={{ width: 170 }}
                  value={filters.sort}
                  onChange={(sort) => set({ sort })}
                  options={[
                    { value: 'newest', label: t('cylinders.ui.sortNewest') },
                    { value: 'deadline', label: t('cylinders.ui.sortDeadline') },
                  ]}
                />
              </>
            ) : (
              <Button onClick={() => setMoreFilters(true)} data-testid="cylinder-more-filters">
                {t('cylinders.ui.moreFilters')}
              </Button>
            )}
            <Tooltip title={selected.length ? undefined : t('cylinders.labels.printFiltered')}>
              <Button
                icon={<PrinterOutlined />}
                loading={print.isPending}
                disabled={!selected.length && !list.rows.length}
                onClick={() => {
                  const { sort: _sort, ...registryFilters } = filters;
                  print.mutate(selected.length ? { ids: selected } : { filters: registryFilters });
                }}
                data-testid="cylinder-print-labels"
              >
                {selected.length ? t('cylinders.labels.printSelected', { count: selected.length }) : t('cylinders.labels.print')}
              </Button>
            </Tooltip>
            <AddButton screen="CylinderMaintenance" onClick={() => setEditing('new')} testId="cylinder-add">
              {t('cylinders.ui.add')}
            </AddButton>
          </Space>
        }
      />
      {editing ? <CylinderFormModal editing={editing} onClose={() => setEditing(null)} /> : null}
      {detailId !== null ? (
        <CylinderDetailDrawer
          id={detailId}
          onClose={() => setDetailId(null)}
          onEdit={(row) => {
            setDetailId(null);
            setEditing(row);
          }}
        />
      ) : null}
    </div>
  );
}

/** CylinderMaintenance: the store group's cylinders (of the user's stores). */
export function CylinderMaintenanceScreen() {
  return <CylinderRegistry system={false} />;
}

/** SystemCylinderMaintenance: the platform administrator's registry across every store group. */
export function SystemCylinderMaintenanceScreen() {
  return <CylinderRegistry system />;
}
