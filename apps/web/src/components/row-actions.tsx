import type { ReactNode } from 'react';
import type { ButtonProps } from 'antd';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Edit and delete buttons of a row; delete asks first and, with `deleteNote`, says what deleting does. */
export function RowActions({
  onEdit,
  onDelete,
  deleteNote,
  canEdit = true,
  canDelete = true,
  extra,
  testId,
}: {
  onEdit?: () => void;
  onDelete?: () => Promise<unknown>;
  deleteNote?: string;
  canEdit?: boolean;
  canDelete?: boolean;
  extra?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {onEdit && canEdit ? (
        <Tooltip title={t('common.edit')}>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={onEdit}
            data-testid={testId ? `${testId}-edit` : 'row-edit'}
            aria-label={t('common.edit')}
          />
        </Tooltip>
      ) : null}
      {extra}
      {onDelete && canDelete ? (
        <Popconfirm
          title={t('common.confirmDelete')}
          description={deleteNote ? <div style={{ maxWidth: 280 }}>{deleteNote}</div> : undefined}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'confirm-delete' } as ButtonProps}
          onConfirm={() => onDelete().catch(() => undefined)}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            data-testid={testId ? `${testId}-delete` : 'row-delete'}
            aria-label={t('common.delete')}
          />
        </Popconfirm>
      ) : null}
    </Space>
  );
}
