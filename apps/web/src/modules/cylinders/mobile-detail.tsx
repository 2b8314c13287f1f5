import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INSPECTION_STATUS_COLOURS,
  movementColour,
  type CylinderDetail,
  type MovementKind,
  type MovementRow,
  type PendingRow,
} from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { useKg } from '../../components/format';
import { ArrowLeftIcon, CameraIcon } from '../field/icons';
import { Alert, Card, Empty, Segmented, Spinner, Tag, useDialogFocus } from '../field/ui';
import { cylinderImageUrl, useCylinder } from './hooks';
import { IMAGE_ACCEPT, useCylinderImageUpload } from './image-upload';
import { usePlaceText } from './texts';

/*
 * The phone's cylinder detail (/MobileCylinderMaintenance; issue 13: the field app loads no antd): the
 * back office drawer's content (cylinder-detail.tsx) on the field kit, as a full-screen sheet. Nothing
 * here may import antd, nor ./parts (antd's pickers): its texts come from ./texts.
 */

function MovementTag({ kind }: { kind: MovementKind }) {
  const { t } = useTranslation();
  return <Tag color={movementColour(kind)}>{t(`cylinders.movement.${kind}`)}</Tag>;
}

type HistoryTab = 'movements' | 'labels' | 'pending';

/**
 * A cylinder opened on the phone: a sheet over the whole screen with the container number and its
 * inspection status on top, the warnings, the photo (taken with the camera by those who may edit),
 * the registry fields and the history (movements, label history, pending items). The back button or
 * the Escape key closes it.
 */
export function MobileCylinderDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useCylinder(id);
  const c = detail.data;
  const titleId = useId();
  const backButton = useDialogFocus<HTMLButtonElement>(onClose);

  return (
    <div className="f-screen f-sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="cylinder-detail">
      <header className="f-sheet-head">
        <button
          ref={backButton}
          type="button"
          className="f-btn f-btn-text f-btn-icon-only"
          aria-label={t('common.back')}
          onClick={onClose}
          data-testid="cylinder-detail-close"
        >
          <ArrowLeftIcon />
        </button>
        <h2 className="f-sheet-title" id={titleId}>
          {c ? (
            <>
              <span data-testid="cylinder-detail-title">{c.containerNo}</span>
              <Tag
                color={INSPECTION_STATUS_COLOURS[c.inspectionStatus]}
                data-testid="cylinder-detail-status"
                data-status={c.inspectionStatus}
              >
                {t(`cylinders.status.${c.inspectionStatus}`)}
              </Tag>
            </>
          ) : (
            t('common.detail')
          )}
        </h2>
      </header>
      <div className="f-sheet-body">
        {c ? (
          <DetailBody c={c} />
        ) : detail.isError ? (
          <Empty description={t('common.empty')} />
        ) : (
          <div className="f-spin-inline">
            <Spinner size="large" />
          </div>
        )}
      </div>
    </div>
  );
}

function DetailBody({ c }: { c: CylinderDetail }) {
  const { t } = useTranslation();
  const me = useMe();
  const place = usePlaceText();
  const kg = useKg();
  const [tab, setTab] = useState<HistoryTab>('movements');
  const open = c.pending.filter((p) => p.status === 'unprocessed');

  return (
    <>
      {c.containerNoWarning ? <Alert type="warning" title={t('cylinders.warning.containerNo')} data-testid="warning-container-no" /> : null}
      {c.deadlineCheck.disagrees && !c.deadlineSuggested ? (
        <Alert
          type="warning"
          title={t('cylinders.warning.deadlineDisagrees', { suggested: c.deadlineCheck.suggested })}
          data-testid="warning-deadline"
        />
      ) : null}
      {c.deadlineSuggested ? <Alert type="info" title={t('cylinders.warning.deadlineSuggested')} data-testid="warning-suggested" /> : null}
      {open.length > 0 ? (
        <Alert type="error" title={t('cylinders.ui.openPending', { count: open.length })} data-testid="warning-pending" />
      ) : null}
      <Card className="f-card-section">
        <Photo c={c} mayEdit={canDo(me, 'CylinderMaintenance', 'edit')} />
      </Card>
      <Card className="f-card-section" bodyStyle={{ paddingBlock: 4 }}>
        <dl className="f-dl" data-testid="cylinder-detail-fields">
          <Row label={t('cylinders.field.labelNo')}>{c.labelNo}</Row>
          <Row label={t('cylinders.field.store')}>{c.storeName}</Row>
          <Row label={t('cylinders.field.sizeKg')}>{c.sizeKg}</Row>
          <Row label={t('cylinders.field.containerSpec')}>{c.containerSpec}</Row>
          <Row label={t('cylinders.field.tareKg')}>{kg(c.tareG, 2)}</Row>
          <Row label={t('cylinders.field.material')}>{t(`cylinders.material.${c.material}`)}</Row>
          <Row label={t('cylinders.field.pressureTestDate')}>{c.pressureTestDate}</Row>
          <Row label={t('cylinders.field.lastInspectionDate')}>{c.lastInspectionDate}</Row>
          <Row label={t('cylinders.field.nextInspectionDeadline')}>
            <span data-testid="cylinder-detail-deadline">{c.nextInspectionDeadline ?? '—'}</span>
            {c.deadlineSuggested ? (
              <Tag style={{ marginInlineStart: 6 }} className="f-tiny">
                {t('cylinders.ui.suggested')}
              </Tag>
            ) : null}
          </Row>
          <Row label={t('cylinders.field.endOfLife')}>{c.endOfLifeDate}</Row>
          <Row label={t('cylinders.field.inspectionAgencyCode')}>{c.inspectionAgencyCode}</Row>
          <Row label={t('cylinders.field.handlingSite')}>{c.handlingSiteName}</Row>
          <Row label={t('cylinders.field.location')}>
            <span data-testid="cylinder-detail-place">{place(c.locationKind, c.fill)}</span>
            {c.locationName ? ` (${c.locationName})` : ''}
          </Row>
          <Row label={t('cylinders.field.holding')}>
            {c.holding ? `${t(`cylinders.holding.${c.holding}`)}${c.customerName ? ` · ${c.customerName}` : ''}` : null}
          </Row>
          <Row label={t('cylinders.field.remark')}>{c.remark}</Row>
        </dl>
      </Card>
      {c.allowedMovements.length > 0 ? (
        <div className="f-row f-wrap" style={{ marginBottom: 12 }}>
          <span className="f-muted f-small">{t('cylinders.ui.possibleNext')}</span>
          {c.allowedMovements.map((k) => (
            <MovementTag key={k} kind={k} />
          ))}
        </div>
      ) : null}
      <Segmented<HistoryTab>
        block
        size="large"
        value={tab}
        onChange={setTab}
        aria-label={t('common.detail')}
        style={{ marginBottom: 10 }}
        options={[
          { value: 'movements', label: `${t('cylinders.ui.movements')} (${c.movements.length})` },
          { value: 'labels', label: `${t('cylinders.ui.labels')} (${c.labels.length})` },
          { value: 'pending', label: `${t('menu.penddingDataMaintenance')} (${c.pending.length})` },
        ]}
        data-testid="cylinder-history-tabs"
      />
      {tab === 'movements' ? <Movements rows={c.movements} /> : null}
      {tab === 'labels' ? <Labels rows={c.labels} /> : null}
      {tab === 'pending' ? <Pending rows={c.pending} /> : null}
    </>
  );
}

/** A label and its value (a dash when there is none). */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === '' ? '—' : children}</dd>
    </div>
  );
}

/** The photo (or that there is none) and, for those who may edit, a button that takes or picks a new one. */
function Photo({ c, mayEdit }: { c: CylinderDetail; mayEdit: boolean }) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(c.updatedAt);
  const upload = useCylinderImageUpload(c.id, () => setVersion(String(Date.now())));
  const src = cylinderImageUrl(c.id, version);
  return (
    <div className="f-stack">
      {c.hasImage ? (
        <a href={src} target="_blank" rel="noreferrer" className="f-photo-link">
          <img src={src} alt={t('cylinders.field.image')} className="f-photo" data-testid="cylinder-detail-image" />
        </a>
      ) : (
        <div className="f-empty f-photo-none" data-testid="cylinder-detail-no-image">
          {t('cylinders.ui.noImage')}
        </div>
      )}
      {mayEdit ? (
        <label
          className={`f-btn f-btn-block f-file-btn${upload.pending ? ' f-btn-loading' : ''}`}
          aria-busy={upload.pending || undefined}
          data-testid="cylinder-image-upload"
        >
          <input
            type="file"
            accept={IMAGE_ACCEPT}
            capture="environment"
            className="f-file-input"
            disabled={upload.pending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              // Cleared at once, so the same file may be chosen again after a refusal.
              e.target.value = '';
              if (file) void upload.send(file);
            }}
          />
          {upload.pending ? <span className="f-spin" aria-hidden="true" /> : <CameraIcon />}
          <span className="f-btn-label">{c.hasImage ? t('cylinders.ui.replaceImage') : t('cylinders.ui.uploadImage')}</span>
        </label>
      ) : null}
    </div>
  );
}

/** A history tab: its rows as small cards, newest first as the server sends them, or an empty note. */
function HistoryList<R extends { id: number }>({
  rows,
  testId,
  card,
}: {
  rows: readonly R[];
  testId: string;
  card: (row: R) => ReactNode;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Empty description={t('common.empty')} data-testid={`${testId}-empty`} />;
  return (
    <ul className="f-history" data-testid={testId}>
      {rows.map((r) => (
        <li key={r.id} className="f-card f-card-body">
          {card(r)}
        </li>
      ))}
    </ul>
  );
}

/** A card's first line: what it is on the left, its tag on the right. */
function CardHead({ title, tag }: { title: ReactNode; tag: ReactNode }) {
  return (
    <div className="f-row" style={{ justifyContent: 'space-between' }}>
      <span className="f-strong">{title}</span>
      {tag}
    </div>
  );
}

/** "Label: value" in a card, small. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="f-small">
      <span className="f-muted">{label}: </span>
      {children}
    </div>
  );
}

function Movements({ rows }: { rows: MovementRow[] }) {
  const { t } = useTranslation();
  const place = usePlaceText();
  return (
    <HistoryList
      rows={rows}
      testId="cylinder-movements"
      card={(r) => (
        <>
          <CardHead title={r.moveDate} tag={<MovementTag kind={r.kind} />} />
          <div>
            {place(r.fromLocationKind, r.fromFill)} → {place(r.toLocationKind, r.toFill)}
          </div>
          {r.customerName ? <Labelled label={t('cylinders.field.customer')}>{r.customerName}</Labelled> : null}
          {r.overrideReason ? <Labelled label={t('cylinders.field.overrideReason')}>{r.overrideReason}</Labelled> : null}
          <div className="f-faint f-small">
            {[`${t(`cylinders.source.${r.source}`)}${r.docNo ? ` ${r.docNo}` : ''}`, r.userName ?? '', formatDateTime(r.movedAt)]
              .filter(Boolean)
              .join(' · ')}
          </div>
        </>
      )}
    />
  );
}

function Labels({ rows }: { rows: CylinderDetail['labels'] }) {
  const { t } = useTranslation();
  return (
    <HistoryList
      rows={rows}
      testId="cylinder-labels"
      card={(r) => (
        <>
          <CardHead title={r.labelNo} tag={r.toDate ? null : <Tag color="green">{t('cylinders.ui.current')}</Tag>} />
          <Labelled label={t('cylinders.ui.labelFrom')}>
            {r.fromDate}
            <span className="f-muted"> · {t('cylinders.ui.labelTo')}: </span>
            {r.toDate ?? t('cylinders.ui.current')}
          </Labelled>
        </>
      )}
    />
  );
}

function Pending({ rows }: { rows: PendingRow[] }) {
  const { t } = useTranslation();
  return (
    <HistoryList
      rows={rows}
      testId="cylinder-pending"
      card={(r) => (
        <>
          <CardHead
            title={r.docDate}
            tag={
              <Tag color={r.status === 'unprocessed' ? 'orange' : 'default'}>
                {r.resolution ? t(`cylinders.resolution.${r.resolution}`) : t(`cylinders.pendingStatus.${r.status}`)}
              </Tag>
            }
          />
          <div className="f-row f-wrap">
            <MovementTag kind={r.kind} />
            <span>{t(`cylinders.problem.${r.reason}`)}</span>
          </div>
          {r.docNo ? (
            <div className="f-faint f-small">
              {t('cylinders.field.docNo')}: {r.docNo}
            </div>
          ) : null}
        </>
      )}
    />
  );
}
