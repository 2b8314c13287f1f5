import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { INSPECTION_STATUS_COLOURS, INSPECTION_STATUSES, normaliseCode, type CylinderRow, type InspectionStatus } from '@gasops/shared';
import { useMe } from '../../app/session';
import { ArrowLeftIcon, CameraIcon, ScanIcon } from '../field/icons';
import { Alert, Button, Card, Empty, Select, Spinner, Tag, TextInput } from '../field/ui';
import { useGroupOptions } from '../stores/hooks';
import { cylinderImageUrl, useCylinders, useFindCylinder } from './hooks';
import { MobileCylinderDetail } from './mobile-detail';
import { usePlaceText } from './texts';
import { hasCamera } from '../../components/camera';
import { Scanner } from '../field/scanner';

type Filters = { keyword?: string; groupId?: number; storeId?: number; status?: InspectionStatus };

/**
 * /MobileCylinderMaintenance (signed in, phone layout): the cylinder registry as cards, with the
 * gas company filter (store group for the platform administrator, and store), a search, and a
 * "scan to find" field: a scanned or typed code opens its cylinder, on the field kit like the list
 * (mobile-detail.tsx: no antd on the phone).
 */
export function MobileCylinderScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const place = usePlaceText();
  const [filters, setFilters] = useState<Filters>({});
  const [scan, setScan] = useState('');
  const [search, setSearch] = useState('');
  const [camera, setCamera] = useState(false);
  const [notFound, setNotFound] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  // The open cylinder is a history entry (#cylinder-<id>), so the phone's back button closes the sheet.
  const openId = Number(/^#cylinder-(\d+)$/.exec(location.hash)?.[1]) || null;
  const open = (id: number) => void navigate({ search: location.search, hash: `cylinder-${id}` }, { state: { sheet: true } });
  // Opened here: back to the list's entry; opened by a link or a reload with the hash: no entry to go back to.
  const close = () =>
    void ((location.state as { sheet?: boolean } | null)?.sheet ? navigate(-1) : navigate({ search: location.search }, { replace: true }));
  const list = useCylinders(filters);
  const find = useFindCylinder();
  const groups = useGroupOptions(!!me?.isPlatformAdmin);
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const pages = Math.max(1, Math.ceil(list.total / list.paging.pageSize)) + (list.paging.totalIsLowerBound ? 1 : 0);

  const lookUp = (raw: string) => {
    const code = normaliseCode(raw);
    if (!code) return;
    setNotFound(null);
    find.mutate(code, {
      onSuccess: (page) => {
        const exact = page.items.find((c) => c.containerNo === code || c.labelNo === code);
        if (exact) {
          open(exact.id);
          setScan('');
        } else if (page.items.length > 0) set({ keyword: code });
        else setNotFound(code);
      },
    });
  };

  return (
    <div data-testid="mobile-cylinders" className="f-screen" style={{ padding: 12 }}>
      <h2 className="f-title" style={{ fontSize: 19 }}>
        {t('menu.MobileCylinderMaintenance')}
      </h2>
      <Card className="f-card-section">
        <div className="f-compact">
          <TextInput
            prefix={<ScanIcon />}
            suffix={find.isPending ? <Spinner size="small" /> : null}
            value={scan}
            autoComplete="off"
            enterKeyHint="search"
            placeholder={t('cylinders.ui.scanToFind')}
            aria-label={t('cylinders.ui.scanToFind')}
            onChange={(e) => setScan(e.target.value)}
            onEnter={() => lookUp(scan)}
            data-testid="mobile-scan"
          />
          {hasCamera() ? (
            <Button
              size="large"
              icon={<CameraIcon />}
              onClick={() => setCamera(true)}
              aria-label={t('cylinders.ui.cameraScan')}
              data-testid="camera-scan"
            />
          ) : null}
        </div>
        {notFound ? (
          <div style={{ marginTop: 8 }}>
            <Alert type="warning" title={`${t('cylinders.error.unknownCode')}: ${notFound}`} data-testid="mobile-not-found" />
          </div>
        ) : null}
      </Card>
      <div style={{ display: 'grid', gap: 8, marginBottom: 12 }}>
        {me?.isPlatformAdmin ? (
          <Select<number>
            allowClear
            placeholder={t('common.storeGroup')}
            value={filters.groupId}
            onChange={(g) => set({ groupId: g ?? undefined, storeId: undefined })}
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            data-testid="group-select"
          />
        ) : null}
        <Select<number>
          allowClear
          placeholder={t('cylinders.ui.allStores')}
          value={filters.storeId}
          onChange={(s) => set({ storeId: s ?? undefined })}
          options={(me?.stores ?? [])
            .filter((s) => !filters.groupId || s.groupId === filters.groupId)
            .map((s) => ({ value: s.id, label: s.name }))}
          data-testid="mobile-store-filter"
        />
        {/* Side by side where both fit (180 px each), else one above the other: at 360 px the status's placeholder
            was cut to "検査…" (ja-JP). */}
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))', gap: 8 }}>
          <Select<InspectionStatus>
            allowClear
            placeholder={t('cylinders.field.status')}
            value={filters.status}
            onChange={(status) => set({ status: status ?? undefined })}
            options={INSPECTION_STATUSES.map((s) => ({ value: s, label: t(`cylinders.status.${s}`) }))}
            data-testid="mobile-status"
          />
          <TextInput
            type="search"
            value={search}
            enterKeyHint="search"
            placeholder={t('cylinders.ui.searchNumber')}
            aria-label={t('cylinders.ui.searchNumber')}
            onChange={(e) => {
              setSearch(e.target.value);
              // Cleared (the search field's own ×): the whole list again.
              if (e.target.value === '' && filters.keyword) set({ keyword: undefined });
            }}
            onEnter={() => set({ keyword: search.trim() || undefined })}
            data-testid="mobile-search"
          />
        </div>
      </div>
      {list.rows.length === 0 && !list.loading ? <Empty description={t('cylinders.ui.emptyRegistry')} /> : null}
      {list.rows.length === 0 && list.loading ? (
        <div className="f-spin-inline">
          <Spinner />
        </div>
      ) : null}
      <div style={{ display: 'grid', gap: 8 }}>
        {list.rows.map((c) => (
          <CylinderCard key={c.id} c={c} place={place(c.locationKind, c.fill)} onOpen={() => open(c.id)} />
        ))}
      </div>
      {list.total > list.paging.pageSize ? (
        <nav className="f-row" style={{ justifyContent: 'center', marginTop: 12 }} data-testid="mobile-pages">
          <Button
            icon={<ArrowLeftIcon />}
            disabled={list.paging.page <= 1}
            onClick={() => list.paging.onChange(list.paging.page - 1, list.paging.pageSize)}
            aria-label={t('common.previousPage')}
          />
          <span className="f-muted" aria-current="page" style={{ minWidth: 64, textAlign: 'center' }}>
            {list.paging.page} / {pages}
          </span>
          <Button
            icon={<ArrowLeftIcon style={{ transform: 'scaleX(-1)' }} />}
            disabled={list.paging.page >= pages}
            onClick={() => list.paging.onChange(list.paging.page + 1, list.paging.pageSize)}
            aria-label={t('common.nextPage')}
          />
        </nav>
      ) : null}
      <Scanner
        open={camera}
        title={t('cylinders.ui.cameraScan')}
        onClose={() => setCamera(false)}
        onCode={(code) => {
          setScan(code);
          lookUp(code);
        }}
      />
      {openId !== null ? <MobileCylinderDetail id={openId} onClose={close} /> : null}
    </div>
  );
}

function CylinderCard({ c, place, onOpen }: { c: CylinderRow; place: string; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Card data-testid={`mobile-cylinder-${c.id}`} bodyStyle={{ padding: 0 }}>
      <button
        type="button"
        onClick={onOpen}
        className="f-card-body"
        style={{
          display: 'block',
          width: '100%',
          border: 0,
          background: 'none',
          font: 'inherit',
          color: 'inherit',
          textAlign: 'start',
          cursor: 'pointer',
        }}
      >
        <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
          <span className="f-row" style={{ minWidth: 0 }}>
            {c.hasImage ? (
              <img
                src={cylinderImageUrl(c.id, c.updatedAt, 'thumb')}
                alt={t('cylinders.field.image')}
                width={36}
                height={36}
                loading="lazy"
                style={{ flex: 'none', objectFit: 'cover', borderRadius: 6 }}
              />
            ) : null}
            <span className="f-strong" style={{ fontSize: 16, overflowWrap: 'anywhere' }}>
              {c.containerNo}
            </span>
          </span>
          <Tag color={INSPECTION_STATUS_COLOURS[c.inspectionStatus]} data-status={c.inspectionStatus}>
            {t(`cylinders.status.${c.inspectionStatus}`)}
          </Tag>
        </span>
        <span className="f-muted f-small f-block" style={{ marginTop: 4 }}>
          {[c.labelNo, `${c.sizeKg} kg`, c.containerSpec].filter(Boolean).join(' · ')}
        </span>
        <span className="f-small" style={{ display: 'flex', justifyContent: 'space-between', gap: 8, marginTop: 4 }}>
          <span style={{ whiteSpace: 'nowrap' }}>
            {t('cylinders.ui.deadlineShort')}: {c.nextInspectionDeadline ?? '—'}
          </span>
          <span className="f-faint" style={{ textAlign: 'end' }}>
            {place}
            {c.locationName ? ` · ${c.locationName}` : ''}
          </span>
        </span>
      </button>
    </Card>
  );
}
