import { useState } from 'react';
import { Alert, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LINE_TEXT_MAX, contactReplyBody, type Contact, type ContactReply } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { zodRules } from '../../app/zod-form';
import { FormModal } from '../../components/form-modal';
import { SourceTag } from './source-tag';
import { failureText } from './conversation';
import { useContacts, useReplyContact } from './hooks';

const replyRules = zodRules(contactReplyBody);

/** "#12 王小明: the question…", how a contact is named in pickers and dialogs. */
const contactLabel = (c: Contact) => `#${c.id} ${c.reporter}: ${c.content.length > 60 ? `${c.content.slice(0, 60)}…` : c.content}`;

/**
 * The reply to a contact: sent to the customer on LINE when the contact came from LINE (the form says
 * so), only recorded for one typed in by staff. Without a contact, the dialog asks which one. Loaded with its first
 * opening (contact-screens.tsx: the contact and reply screens).
 */
export function ReplyModal({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ content: string }>();
  const reply = useReplyContact();
  const [picked, setPicked] = useState<Contact | null>(contact);
  const [search, setSearch] = useState<string | undefined>(undefined);
  const candidates = useContacts({ keyword: search, unanswered: search ? undefined : 'true' });
  const [error, setError] = useState<string | null>(null);
  const target = contact ?? picked;
  return (
    <FormModal<{ content: string }, ContactReply>
      form={form}
      title={target ? t('line.reply.titleFor', { id: target.id }) : t('line.reply.add')}
      okTestId="reply-save"
      okText={target?.source === 'line' ? t('line.reply.sendLine') : t('common.save')}
      initialValues={{ content: '' }}
      onClose={onClose}
      success={(r) => t(r.sentVia ? 'line.reply.sent' : 'line.reply.recorded')}
      onSubmit={async (values) => {
        setError(null);
        if (!target) {
          setError(t('line.reply.pickContact'));
          throw new Error(t('line.reply.pickContact'));
        }
        try {
          return await reply.mutateAsync({ contactId: target.id, body: values });
        } catch (e) {
          setError(failureText(e));
          throw e;
        }
      }}
      intro={
        <Space orientation="vertical" style={{ width: '100%', marginBottom: 12 }}>
          {error ? <Alert type="error" showIcon title={error} data-testid="reply-error" /> : null}
          {contact ? null : (
            <Select<number>
              style={{ width: '100%' }}
              placeholder={t('line.reply.pickContact')}
              showSearch={{ filterOption: false, onSearch: (v) => setSearch(v.trim() || undefined) }}
              value={picked?.id}
              onChange={(id) => setPicked(candidates.rows.find((c) => c.id === id) ?? null)}
              options={candidates.rows.map((c) => ({ value: c.id, label: contactLabel(c) }))}
              notFoundContent={t('line.contact.empty')}
              data-testid="reply-contact"
              aria-label={t('line.reply.contact')}
            />
          )}
          {target ? (
            <>
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} data-testid="reply-contact-content">
                <SourceTag source={target.source} /> {target.reporter} · {formatDateTime(target.reportedAt)}
                <br />
                {target.content}
              </Typography.Paragraph>
              <Alert
                type={target.source === 'line' ? 'info' : 'warning'}
                showIcon
                data-testid="reply-destination"
                title={t(target.source === 'line' ? 'line.reply.toLine' : 'line.reply.recordOnly')}
              />
            </>
          ) : null}
        </Space>
      }
    >
      <Form.Item name="content" label={t('line.reply.content')} rules={replyRules('content')} required>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={LINE_TEXT_MAX} data-testid="reply-form-content" />
      </Form.Item>
    </FormModal>
  );
}
