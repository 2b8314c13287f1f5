import { useState } from 'react';
import { Alert, Button, List, Space, Typography } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@gasops/shared';
import { showSuccess } from '../../app/feedback';
import { lazyDialog } from '../../app/lazy';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { useAttachOrderCustomer, useCreateOrderCustomer, useCustomerMatches } from './hooks';

/** The customer form: loaded with its first opening. */
const CustomerFormModal = lazyDialog(
  () => import('../customers/customer-form'),
  (m) => m.CustomerFormModal,
);

/**
 * An order without a customer (a public order by a phone the shop does not know): link the customer
 * already on file with the order's phone, or create the customer in one step, the customer form
 * prefilled from the order's contact (name, phone, address; residential), in the order's store.
 */
export function OrderCustomerAction({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const me = useMe();
  const [creating, setCreating] = useState(false);
  const matches = useCustomerMatches(order.id, true);
  const attach = useAttachOrderCustomer(order.id);
  const create = useCreateOrderCustomer(order.id);
  const found = matches.data ?? [];
  const mayCreate = canDo(me, 'Customer', 'create');
  return (
    <>
      <Alert
        type="warning"
        showIcon
        title={t('orders.linkCustomerHint')}
        data-testid="order-customer-missing"
        description={
          found.length ? (
            <List
              size="small"
              dataSource={found}
              renderItem={(c) => (
                <List.Item
                  actions={[
                    <Button
                      key="link"
                      size="small"
                      type="primary"
                      loading={attach.isPending}
                      onClick={() => attach.mutate(c.id, { onSuccess: () => showSuccess(t('orders.orderCustomer.linked')) })}
                      data-testid={`order-link-customer-${c.id}`}
                    >
                      {t('orders.orderCustomer.attach')}
                    </Button>,
                  ]}
                >
                  <Typography.Text>
                    {t('orders.orderCustomer.match', { name: c.name })} · {c.phone} · {c.address}
                  </Typography.Text>
                </List.Item>
              )}
            />
          ) : null
        }
        action={
          mayCreate ? (
            <Space>
              <Button icon={<UserAddOutlined />} onClick={() => setCreating(true)} data-testid="order-create-customer">
                {t(found.length ? 'orders.orderCustomer.createNew' : 'orders.orderCustomer.action')}
              </Button>
            </Space>
          ) : null
        }
      />
      <CustomerFormModal
        open={creating}
        editing={null}
        onClose={() => setCreating(false)}
        fromOrder={{
          prefill: {
            storeId: order.storeId,
            type: 'residential',
            name: order.contactName ?? order.customerName ?? '',
            phone: order.contactPhone ?? order.customerPhone,
            address: order.deliveryAddress,
          },
          submit: (values) => create.mutateAsync(values),
          title: t('orders.orderCustomer.title', { orderNo: order.orderNo }),
          success: t('orders.orderCustomer.created'),
        }}
      />
    </>
  );
}
