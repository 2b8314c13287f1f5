import { useState } from 'react';
import { Button, Checkbox, Empty, Select, Space, Tag, Typography } from 'antd';
import Search from 'antd/es/input/Search';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CONTACT_SOURCES, type Contact, type ContactReply, type ContactSource } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { lazyDialog } from '../../app/lazy';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { StoreFilter, type Range } from '../../components/filters';
import { RangeFilter } from '../../components/date-filters';
import { AddButton } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { useContacts, useReplies } from './hooks';
import { SourceTag } from './source-tag';

const ContactModal = lazyDialog(
  () => import('./contact-modal'),
  (m) => m.ContactModal,
);
const ReplyModal = lazyDialog(
  () => import('./reply-modal'),
  (m) => m.ReplyModal,
);

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
            <Search
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
