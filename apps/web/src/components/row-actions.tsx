import type { ReactNode } from 'react';
import type { ButtonProps } from 'antd';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ScreenKey } from '@gasops/shared';
import { showSuccess } from '../app/feedback';
import { canDo } from '../app/permissions';
import { useMe } from '../app/session';

/**
 * Edit and delete buttons of a row; delete asks first and, with `deleteNote`, says what deleting does,
 * then says it is done (`deleted`: the words, or the words from the answer; by default "deleted").
 * With `screen`, each shows only when the role may edit / delete on that screen (and `canEdit` /
 * `canDelete` allow it too). Test ids: `<testId>-edit` / `<testId>-delete`, or `editTestId` / `deleteTestId`.
 */
export function RowActions<R>({
  screen,
  onEdit,
  onDelete,
  deleted,
  deleteNote,
  canEdit = true,
  canDelete = true,
  extra,
  testId,
  editTestId,
  deleteTestId,
}: {
  screen?: ScreenKey;
  onEdit?: () => void;
  onDelete?: () => Promise<R>;
  deleted?: string | ((result: R) => string);
  deleteNote?: string;
  canEdit?: boolean;
  canDelete?: boolean;
  extra?: ReactNode;
  testId?: string;
  editTestId?: string;
  deleteTestId?: string;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const may = (action: 'edit' | 'delete') => !screen || canDo(me, screen, action);
  const remove = (run: () => Promise<R>) =>
    run()
      .then((result) => showSuccess(typeof deleted === 'function' ? deleted(result) : (deleted ?? t('feedback.success.deleted'))))
      .catch(() => undefined);
  return (
    <Space size={4} wrap>
      {onEdit && canEdit && may('edit') ? (
        <Tooltip title={t('common.edit')}>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={onEdit}
            data-testid={editTestId ?? (testId ? `${testId}-edit` : 'row-edit')}
            aria-label={t('common.edit')}
          />
        </Tooltip>
      ) : null}
      {extra}
      {onDelete && canDelete && may('delete') ? (
        <Popconfirm
          title={t('common.confirmDelete')}
          description={deleteNote ? <div style={{ maxWidth: 280 }}>{deleteNote}</div> : undefined}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'confirm-delete' } as ButtonProps}
          onConfirm={() => remove(onDelete)}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            data-testid={deleteTestId ?? (testId ? `${testId}-delete` : 'row-delete')}
            aria-label={t('common.delete')}
          />
        </Popconfirm>
      ) : null}
    </Space>
  );
}

/** The add button above a list: shown when the role may create on `screen` (and `visible` is not false). */
export function AddButton({
  screen,
  visible = true,
  onClick,
  testId,
  children,
}: {
  screen: ScreenKey;
  visible?: boolean;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  const me = useMe();
  if (!visible || !canDo(me, screen, 'create')) return null;
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}
