import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { Alert, Checkbox, Form, Modal, Radio, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PriceChangeBody, PriceChangePreview } from '@gasops/shared';
import { showSuccess } from '../../app/feedback';
import { useMoney } from '../../components/format';
import { MoneyInput } from '../../components/inputs';
import { useChangePrices, usePriceChangePreview } from './hooks';

/**
 * Batch price change on the customer list: the selected customers or the current filter, a new
 * price (or back to the store price), a preview of old → new, then one confirmed transaction.
 */
export function BatchPriceModal({
  open,
  onClose,
  selectedIds,
  filter,
}: {
  open: boolean;
  onClose: () => void;
  selectedIds: number[];
  filter: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [scope, setScope] = useState<'selected' | 'filter'>(selectedIds.length ? 'selected' : 'filter');
  const [price, setPrice] = useState<number | null>(null);
  const [storePrice, setStorePrice] = useState(false);
  const [preview, setPreview] = useState<PriceChangePreview | null>(null);
  const body = (): PriceChangeBody => ({
    ...(scope === 'selected' ? { customerIds: selectedIds } : { filter }),
    gasPrice: storePrice ? null : price,
  });

  const previewMut = usePriceChangePreview();
  const apply = useChangePrices();
  const applyChange = () =>
    apply.mutate(body(), {
      onSuccess: () => {
        showSuccess(t('feedback.success.priceChanged'));
        setPreview(null);
        onClose();
      },
    });
  const ready = storePrice || price != null;

  return (
    <Modal
      open={open}
      title={t('customers.batch.title')}
      onCancel={() => {
        setPreview(null);
        onClose();
      }}
      okText={preview ? t('customers.batch.confirm') : t('customers.batch.preview')}
      okButtonProps={
        {
          disabled: !ready || (preview !== null && preview.total === 0),
          'data-testid': preview ? 'batch-price-confirm' : 'batch-price-preview',
        } as ButtonProps
      }
      onOk={() => (preview ? applyChange() : previewMut.mutate(body(), { onSuccess: setPreview }))}
      confirmLoading={previewMut.isPending || apply.isPending}
      width={640}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item>
          <Radio.Group
            value={scope}
            onChange={(e) => {
              setScope(e.target.value as 'selected' | 'filter');
              setPreview(null);
            }}
          >
            <Space direction="vertical">
              <Radio value="selected" disabled={selectedIds.length === 0} data-testid="batch-scope-selected">
                {t('customers.batch.scopeSelected', { count: selectedIds.length })}
              </Radio>
              <Radio value="filter" data-testid="batch-scope-filter">
                {t('customers.batch.scopeFilter')}
              </Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('customers.batch.newPrice')}>
          <MoneyInput
            value={price}
            disabled={storePrice}
            onChange={(v) => {
              setPrice(v);
              setPreview(null);
            }}
            data-testid="batch-price-input"
          />
        </Form.Item>
        <Checkbox
          checked={storePrice}
          onChange={(e) => {
            setStorePrice(e.target.checked);
            setPreview(null);
          }}
        >
          {t('customers.batch.useStorePrice')}
        </Checkbox>
      </Form>
      {preview ? (
        <div style={{ marginTop: 16 }} data-testid="batch-price-preview-result">
          <Alert type={preview.total ? 'info' : 'warning'} showIcon message={t('customers.batch.previewText', { total: preview.total })} />
          <Table
            style={{ marginTop: 8 }}
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={preview.sample}
            scroll={{ y: 240 }}
            columns={[
              { title: t('customers.field.name'), dataIndex: 'name' },
              { title: t('customers.field.store'), dataIndex: 'storeName' },
              { title: t('customers.batch.oldPrice'), dataIndex: 'oldEffectivePrice', render: (v: number) => money.format(v) },
              {
                title: t('customers.batch.newPriceCol'),
                key: 'new',
                render: (_: unknown, r) =>
                  (preview.newPrice == null ? t('customers.priceSource.store') : money.format(preview.newPrice)) ?? r.id,
              },
            ]}
          />
          {preview.total > preview.sample.length ? (
            <Typography.Text type="secondary">{t('customers.batch.sampleNote')}</Typography.Text>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
