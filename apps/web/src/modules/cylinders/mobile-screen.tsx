import { useState } from 'react';
import { Alert, Card, Empty, Input, Pagination, Space, Spin, Typography } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { normaliseCode, type CylinderRow, type InspectionStatus } from '@gasops/shared';
import { lazyComponent } from '../../app/lazy';
import { useMe } from '../../app/session';
import { CameraScanButton } from './camera-scan';
import { useCylinders, useFindCylinder } from './hooks';
import { CompanyFilter } from './list-filters';
import { CylinderThumb, StatusSelect, StatusTag, usePlaceText } from './parts';

/**
 * The detail drawer (its movement table, photo upload and tabs) loads when a cylinder is opened, not
 * with the field app's list: the phone downloads the list alone first (issue 16's field budget).
 */
const CylinderDetailDrawer = lazyComponent(
  () => import('./cylinder-detail'),
  (m) => m.CylinderDetailDrawer,
);

/**
 * /MobileCylinderMaintenance (signed in, phone layout): the cylinder registry as cards, with the
 * gas company filter (store group for the platform administrator, and store), a search, and a
 * "scan to find" field: a scanned or typed code opens its cylinder.
 */
export function MobileCylinderScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const place = usePlaceText();
  const [filters, setFilters] = useState<{ keyword?: string; groupId?: number; storeId?: number; status?: InspectionStatus }>({});
  const [scan, setScan] = useState('');
  const [notFound, setNotFound] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useCylinders(filters);
  const find = useFindCylinder();
  const set = (patch: Partial<typeof filters>) => setFilters((f) => ({ ...f, ...patch }));

  const lookUp = (raw: string) => {
    const code = normaliseCode(raw);
    if (!code) return;
    setNotFound(null);
    find.mutate(code, {
      onSuccess: (page) => {
        const exact = page.items.find((c) => c.containerNo === code || c.labelNo === code);
        if (exact) {
          setOpenId(exact.id);
          setScan('');
        } else if (page.items.length > 0) set({ keyword: code });
        else setNotFound(code);
      },
    });
  };

  return (
    <div data-testid="mobile-cylinders" style={{ padding: 12 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('menu.MobileCylinderMaintenance')}
      </Typography.Title>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            size="large"
            prefix={<ScanOutlined />}
            value={scan}
            autoComplete="off"
            enterKeyHint="search"
            placeholder={t('cylinders.ui.scanToFind')}
            onChange={(e) => setScan(e.target.value)}
            onPressEnter={() => lookUp(scan)}
            data-testid="mobile-scan"
          />
          <CameraScanButton onCode={lookUp} />
        </Space.Compact>
        {find.isPending ? <Spin size="small" style={{ marginTop: 8 }} /> : null}
        {notFound ? (
          <Alert
            type="warning"
            showIcon
            title={`${t('cylinders.error.unknownCode')}: ${notFound}`}
            style={{ marginTop: 8 }}
            data-testid="mobile-not-found"
          />
        ) : null}
      </Card>
      <Space orientation="vertical" style={{ width: '100%', marginBottom: 12 }}>
        <CompanyFilter
          withGroup={!!me?.isPlatformAdmin}
          groupId={filters.groupId}
          storeId={filters.storeId}
          onChange={set}
          storeTestId="mobile-store-filter"
          block
        />
        <Space.Compact style={{ width: '100%' }}>
          <StatusSelect allowClear style={{ width: '45%' }} value={filters.status} onChange={(status) => set({ status })} />
          <Input.Search
            allowClear
            placeholder={t('cylinders.ui.searchNumber')}
            onSearch={(v) => set({ keyword: v.trim() || undefined })}
            data-testid="mobile-search"
          />
        </Space.Compact>
      </Space>
      {list.rows.length === 0 && !list.loading ? <Empty description={t('cylinders.ui.emptyRegistry')} /> : null}
      <Space orientation="vertical" style={{ width: '100%' }} size={8}>
        {list.rows.map((c) => (
          <CylinderCard key={c.id} c={c} place={place(c.locationKind, c.fill)} onOpen={() => setOpenId(c.id)} />
        ))}
      </Space>
      {list.total > list.paging.pageSize ? (
        <Pagination
          simple
          style={{ marginTop: 12, textAlign: 'center' }}
          current={list.paging.page}
          pageSize={list.paging.pageSize}
          total={list.paging.totalIsLowerBound ? list.total + 1 : list.total}
          onChange={list.paging.onChange}
        />
      ) : null}
      {openId !== null ? <CylinderDetailDrawer id={openId} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}

function CylinderCard({ c, place, onOpen }: { c: CylinderRow; place: string; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Card size="small" hoverable onClick={onOpen} data-testid={`mobile-cylinder-${c.id}`} styles={{ body: { padding: 12 } }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
        <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          {c.hasImage ? (
            <span onClick={(e) => e.stopPropagation()}>
              <CylinderThumb id={c.id} hasImage version={c.updatedAt} size={36} />
            </span>
          ) : null}
          <Typography.Text strong style={{ fontSize: 16 }}>
            {c.containerNo}
          </Typography.Text>
        </span>
        <StatusTag status={c.inspectionStatus} />
      </div>
      <div style={{ color: '#595959', marginTop: 4, fontSize: 13 }}>
        {[c.labelNo, `${c.sizeKg} kg`, c.containerSpec].filter(Boolean).join(' · ')}
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, marginTop: 4, fontSize: 13 }}>
        <span>
          {t('cylinders.ui.deadlineShort')}: {c.nextInspectionDeadline ?? '—'}
        </span>
        <span style={{ color: '#8c8c8c', textAlign: 'right' }}>
          {place}
          {c.locationName ? ` · ${c.locationName}` : ''}
        </span>
      </div>
    </Card>
  );
}
