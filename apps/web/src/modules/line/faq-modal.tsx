import { Alert, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FAQ_MATCH_MODES, FAQ_STATUSES, faqBody, type Faq, type FaqBody } from '@gasops/shared';
import { zodRules } from '../../app/zod-form';
import { CrudModal, pickFields } from '../../components/form-modal';
import { useLineRoomOptions, useSaveFaq } from './hooks';

/** The FAQ a dialog edits (null: a new one); `answer`: a pending one answered. */
export type Editing = { row: Faq | null; answer?: boolean };

const rules = zodRules(faqBody);

/** The add / edit / answer dialog of an FAQ (loaded with its first opening: faq-screen.tsx). */
export function FaqModal({ editing: { row, answer }, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FaqBody>();
  const save = useSaveFaq();
  const rooms = useLineRoomOptions();
  const initial: FaqBody = row
    ? { ...pickFields(row, ['keyword', 'reply', 'matchMode', 'priority', 'roomId']), status: answer ? 'maintained' : row.status }
    : { keyword: '', reply: '', matchMode: 'contains', priority: 0, status: 'maintained', roomId: null };
  return (
    <CrudModal<FaqBody>
      form={form}
      row={row}
      save={save}
      title={t(answer ? 'line.faq.answerTitle' : row ? 'line.faq.edit' : 'line.faq.add')}
      okTestId="faq-save"
      initialValues={initial}
      onClose={onClose}
      intro={answer ? <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('line.faq.answerHint')} /> : null}
    >
      <Form.Item name="keyword" label={t('line.faq.keyword')} rules={rules('keyword')} required extra={t('line.faq.keywordHint')}>
        <Input maxLength={100} data-testid="faq-form-keyword" />
      </Form.Item>
      <Form.Item name="matchMode" label={t('line.faq.matchMode')} rules={rules('matchMode')}>
        <Select options={FAQ_MATCH_MODES.map((m) => ({ value: m, label: t(`line.matchMode.${m}`) }))} data-testid="faq-form-mode" />
      </Form.Item>
      <Form.Item name="reply" label={t('line.faq.reply')} rules={rules('reply')} dependencies={['status']}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={5000} data-testid="faq-form-reply" autoFocus={answer} />
      </Form.Item>
      <Form.Item name="status" label={t('common.status')} rules={rules('status')}>
        <Select options={FAQ_STATUSES.map((s) => ({ value: s, label: t(`line.faqStatus.${s}`) }))} data-testid="faq-form-status" />
      </Form.Item>
      <Form.Item name="roomId" label={t('line.faq.room')} extra={t('line.faq.roomHint')}>
        <Select<number>
          allowClear
          placeholder={t('line.faq.allRooms')}
          loading={rooms.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(rooms.data ?? []).map((r) => ({ value: r.id, label: `${r.name ?? r.lineId} (${t(`line.roomKind.${r.kind}`)})` }))}
          data-testid="faq-form-room"
        />
      </Form.Item>
      <Form.Item name="priority" label={t('line.faq.priority')} rules={rules('priority')} extra={t('line.faq.priorityHint')}>
        <InputNumber min={0} max={1000} precision={0} style={{ width: 160 }} data-testid="faq-form-priority" />
      </Form.Item>
    </CrudModal>
  );
}
