import { useState } from 'react';
import { Alert, Button, Checkbox, Empty, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  CONTACT_SOURCES,
  LINE_TEXT_MAX,
  contactBody,
  contactReplyBody,
  type Contact,
  type ContactBody,
  type ContactReply,
  type ContactSource,
} from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { StoreFilter, type Range } from '../../components/filters';
import { RangeFilter } from '../../components/date-filters';
import { CrudModal, FormModal } from '../../components/form-modal';
import { AddButton } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { StoreSelect } from '../../components/selects';
import { failureText } from './conversation';
import { useContacts, useReplies, useReplyContact, useSaveContact } from './hooks';

const contactRules = zodRules(contactBody);
const replyRules = zodRules(contactReplyBody);

/** "#12 王小明: the question…", how a contact is named in pickers and dialogs. */
const contactLabel = (c: Contact) => `#${c.id} ${c.reporter}: ${c.content.length > 60 ? `${c.content.slice(0, 60)}…` : c.content}`;

function SourceTag({ source }: { source: ContactSource }) {
  const { t } = useTranslation();
  return <Tag color={source === 'line' ? 'green' : 'blue'}>{t(`line.source.${source}`)}</Tag>;
}

type ContactFilters = { unanswered?: 'true'; source?: ContactSource; storeId?: number; keyword?: string } & Partial<Range>;

/** Seed §2 contact_customer: what customers reported (unanswered LINE questions, or typed in by staff), with a reply action. */
export function ContactCustomerScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<ContactFilters>({});
  const [adding, setAdding] = useState(false);
  const [replying, setReplying] = useState<Contact | null>(null);
  const list = useContacts(filters);
  const mayReply = canDo(me, 'replay_customer', 'create');
  const sourceLabels = Object.fromEntries(CONTACT_SOURCES.map((s) => [s, t(`line.source.${s}`)]));
  const columns: DataTableColumn<Contact>[] = [
    { title: t('line.contact.id'), dataIndex: 'id', render: (v: number) => `#${v}` },
    {
      title: t('common.store'),
      dataIndex: 'storeName',
      render: (v: string | null) => v ?? t('line.field.wholeGroup'),
      exportValue: (r) => r.storeName ?? t('line.field.wholeGroup'),
    },
    { title: t('line.contact.reporter'), dataIndex: 'reporter' },
    momentColumn<Contact>(formatDateTime, t('line.contact.reportedAt'), 'reportedAt'),
    {
      title: t('line.contact.content'),
      dataIndex: 'content',
      width: 320,
      render: (v: string, r) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: v }} style={{ margin: 0 }} data-testid={`contact-content-${r.id}`}>
          {v}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('line.contact.source'),
      dataIndex: 'source',
      render: (v: ContactSource) => <SourceTag source={v} />,
      exportLabels: sourceLabels,
    },
    {
      title: t('line.contact.answered'),
      dataIndex: 'replies',
      render: (n: number, r) =>
        n > 0 ? (
          <Tag color="green" data-testid={`contact-answered-${r.id}`}>
            {t('line.contact.answeredCount', { count: n })}
          </Tag>
        ) : (
          <Tag color="orange" data-testid={`contact-answered-${r.id}`}>
            {t('line.contact.unanswered')}
          </Tag>
        ),
      exportValue: (r) => (r.replies > 0 ? t('common.yes') : t('common.no')),
    },
    momentColumn<Contact>(formatDateTime, t('line.contact.lastReplyAt'), 'lastReplyAt'),
    actionsColumn(t('common.actions'), (r) => (
      <Space size={4} wrap>
        {mayReply ? (
          <Button
            size="small"
            type="primary"
            icon={<MessageOutlined />}
            onClick={() => setReplying(r)}
            data-testid={`contact-reply-${r.id}`}
          >
            {t('line.contact.reply')}
          </Button>
        ) : null}
        {r.replies > 0 && canDo(me, 'replay_customer', 'view') ? (
          <Button
            size="small"
            onClick={() => void navigate(`/manager/replay_customer?contactId=${r.id}`)}
            data-testid={`contact-replies-${r.id}`}
          >
            {t('line.contact.seeReplies')}
          </Button>
        ) : null}
      </Space>
    )),
  ];
  return (
    <>
      <PagedTable<Contact>
        list={list}
        fileName="contacts"
        columns={columns}
        locale={{ emptyText: <Empty description={t('line.contact.empty')} /> }}
        toolbar={
          <Space wrap>
            <Checkbox
              checked={filters.unanswered === 'true'}
              onChange={(e) => setFilters({ ...filters, unanswered: e.target.checked ? 'true' : undefined })}
              data-testid="contact-unanswered"
            >
              {t('line.contact.unansweredOnly')}
            </Checkbox>
            <Select
              allowClear
              style={{ width: 170 }}
              placeholder={t('line.contact.source')}
              value={filters.source}
              onChange={(source) => setFilters({ ...filters, source })}
              options={CONTACT_SOURCES.map((s) => ({ value: s, label: sourceLabels[s] }))}
              data-testid="contact-source"
            />
            <StoreFilter value={filters.storeId} onChange={(storeId) => setFilters({ ...filters, storeId })} />
            <RangeFilter
              value={filters}
              onChange={(r) => setFilters({ ...filters, from: r.from, to: r.to })}
              label="date"
              testId="contact-dates"
            />
            <SearchBox onSearch={(keyword) => setFilters({ ...filters, keyword })} width={200} testId="contact-search" />
            <AddButton screen="contact_customer" onClick={() => setAdding(true)} testId="contact-add">
              {t('line.contact.add')}
            </AddButton>
          </Space>
        }
      />
      {adding ? <ContactModal onClose={() => setAdding(false)} /> : null}
      {replying ? <ReplyModal contact={replying} onClose={() => setReplying(null)} /> : null}
    </>
  );
}

function ContactModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContactBody>();
  const save = useSaveContact();
  return (
    <CrudModal<ContactBody>
      form={form}
      row={null}
      save={save}
      title={t('line.contact.add')}
      okTestId="contact-save"
      initialValues={{ reporter: '', content: '', storeId: null }}
      onClose={onClose}
      intro={<Typography.Paragraph type="secondary">{t('line.contact.addHint')}</Typography.Paragraph>}
    >
      <Form.Item name="storeId" label={t('common.store')}>
        <StoreSelect allowClear placeholder={t('line.field.wholeGroup')} data-testid="contact-form-store" />
      </Form.Item>
      <Form.Item name="reporter" label={t('line.contact.reporter')} rules={contactRules('reporter')} required>
        <Input maxLength={60} data-testid="contact-form-reporter" />
      </Form.Item>
      <Form.Item name="content" label={t('line.contact.content')} rules={contactRules('content')} required>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} data-testid="contact-form-content" />
      </Form.Item>
    </CrudModal>
  );
}

/**
 * The reply to a contact: sent to the customer on LINE when the contact came from LINE (the form says
 * so), only recorded for one typed in by staff. Without a contact, the dialog asks which one.
 */
function ReplyModal({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
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

/** Seed §2 replay_customer: the replies given to contacts (who, when, what, how it reached the customer), and a new reply. */
export function ReplayCustomerScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const contactId = Number(params.get('contactId')) || undefined;
  const [adding, setAdding] = useState(false);
  const list = useReplies({ contactId });
  const viaLabels = { reply: t('line.sentVia.reply'), push: t('line.sentVia.push') };
  const columns: DataTableColumn<ContactReply>[] = [
    { title: t('line.reply.contact'), dataIndex: 'contactId', render: (v: number) => `#${v}` },
    { title: t('line.reply.replier'), dataIndex: 'replier' },
    momentColumn<ContactReply>(formatDateTime, t('line.reply.repliedAt'), 'repliedAt'),
    {
      title: t('line.reply.content'),
      dataIndex: 'content',
      width: 360,
      render: (v: string, r) => (
        <Typography.Paragraph ellipsis={{ rows: 3, tooltip: v }} style={{ margin: 0 }} data-testid={`reply-content-${r.id}`}>
          {v}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('line.reply.sentVia'),
      dataIndex: 'sentVia',
      render: (v: ContactReply['sentVia']) => (v ? <Tag color="green">{viaLabels[v]}</Tag> : <Tag>{t('line.reply.notSent')}</Tag>),
      exportValue: (r) => (r.sentVia ? viaLabels[r.sentVia] : t('line.reply.notSent')),
    },
  ];
  const setContact = (id: number | undefined) => setParams(id ? { contactId: String(id) } : {});
  return (
    <>
      <PagedTable<ContactReply>
        list={list}
        fileName="contact-replies"
        columns={columns}
        locale={{ emptyText: <Empty description={t('line.reply.empty')} /> }}
        toolbar={
          <Space wrap>
            <Input.Search
              allowClear
              inputMode="numeric"
              key={contactId ?? 'none'}
              defaultValue={contactId ? String(contactId) : ''}
              placeholder={t('line.reply.contactNo')}
              aria-label={t('line.reply.contactNo')}
              style={{ width: 200 }}
              onSearch={(v) => setContact(Number(v.replace(/^#/, '').trim()) || undefined)}
              enterButton={t('common.search')}
              data-testid="reply-contact-filter"
            />
            <AddButton screen="replay_customer" onClick={() => setAdding(true)} testId="reply-add">
              {t('line.reply.add')}
            </AddButton>
          </Space>
        }
      />
      {adding ? <ReplyModal contact={null} onClose={() => setAdding(false)} /> : null}
    </>
  );
}
