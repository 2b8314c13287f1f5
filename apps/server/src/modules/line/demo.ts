import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { DemoSeed } from '../../platform/demo.js';
import { customers } from '../customers/customers.schema.js';
import { lineChannels, lineContactReplies, lineContacts, lineCustomerLinks, lineFaqs, lineMessages, lineRooms } from './line.schema.js';

/**
 * The LINE demo, so the (coming) screens mean something: the group's official account with no
 * credentials yet (the settings screen asks for the secret and token: demo data has none to give),
 * three followers and a neighbourhood group with a short conversation each, FAQs in every status, and
 * contacts from LINE and typed in by staff, one of them answered. Times count back from the demo's now.
 */
export const seedLineDemo: DemoSeed = async (tx, demo) => {
  const minutesAgo = (m: number) => new Date(demo.now.getTime() - m * 60_000);
  const [channel] = await tx
    .insert(lineChannels)
    .values({
      groupId: demo.groupId,
      name: 'GasOps 示範瓦斯行',
      channelId: '1650000000',
      secretEnc: '',
      tokenEnc: '',
      webhookKey: crypto.randomBytes(18).toString('base64url'),
    })
    .returning();
  const store = demo.stores[0]!.id;
  const rooms = await tx
    .insert(lineRooms)
    .values(
      [
        { name: '王小明', lineId: 'Udemo0000000000000000000000000001', kind: 'user' as const, lastMessageAt: minutesAgo(15) },
        { name: '陳美玲', lineId: 'Udemo0000000000000000000000000002', kind: 'user' as const, lastMessageAt: minutesAgo(90) },
        {
          name: '林志豪',
          lineId: 'Udemo0000000000000000000000000003',
          kind: 'user' as const,
          lastMessageAt: minutesAgo(60 * 26),
          staffHandling: true,
        },
        { name: '幸福社區住戶群', lineId: 'Cdemo0000000000000000000000000001', kind: 'group' as const, lastMessageAt: minutesAgo(60 * 5) },
      ].map((r) => ({ ...r, groupId: demo.groupId, channelId: channel!.id, storeId: store })),
    )
    .returning();
  const [wang, chen, lin, community] = rooms;

  const faqs = await tx
    .insert(lineFaqs)
    .values(
      [
        {
          keyword: '營業時間',
          reply: '我們的營業時間是每天 08:00–20:00，全年無休（除夕至初二公休）。',
          matchMode: 'contains' as const,
          priority: 10,
        },
        {
          keyword: '叫瓦斯',
          reply: '請告訴我們您的地址與桶裝規格（例如 20 公斤），我們會盡快安排配送。',
          matchMode: 'contains' as const,
          priority: 5,
        },
        {
          keyword: '價格',
          reply: '本月家用桶裝瓦斯每公斤 36 元，20 公斤一桶 720 元（含運）。',
          matchMode: 'contains' as const,
          priority: 5,
        },
        {
          keyword: '聞到瓦斯味',
          reply: '請立即關閉瓦斯開關、打開門窗，不要開關電器，並撥打 119。我們的師傅會盡快聯絡您。',
          matchMode: 'contains' as const,
          priority: 100,
        },
        {
          keyword: '社區團購',
          reply: '社區團購每月 15 日截止登記，請在群組內 +1。',
          matchMode: 'startsWith' as const,
          priority: 0,
          roomId: community!.id,
        },
        { keyword: '安全檢查', reply: '', matchMode: 'contains' as const, priority: 0, status: 'notMaintained' as const },
        { keyword: '可以用信用卡付款嗎', reply: '', matchMode: 'exact' as const, priority: 0, status: 'pending' as const },
      ].map((f) => ({
        status: 'maintained' as const,
        ...f,
        groupId: demo.groupId,
        maintainedAt: f.reply ? minutesAgo(60 * 24 * 7) : null,
      })),
    )
    .returning();

  const msg = (
    room: typeof wang,
    direction: 'in' | 'out',
    text: string,
    m: number,
    extra: Partial<typeof lineMessages.$inferInsert> = {},
  ) => ({
    groupId: demo.groupId,
    roomId: room!.id,
    direction,
    messageType: 'text',
    text,
    lineUserId: direction === 'in' && room!.kind === 'user' ? room!.lineId : null,
    createdAt: minutesAgo(m),
    ...extra,
  });
  const inserted = await tx
    .insert(lineMessages)
    .values([
      msg(wang, 'in', '請問營業時間？', 20),
      msg(wang, 'out', faqs[0]!.reply, 20, { sentVia: 'reply', faqId: faqs[0]!.id }),
      msg(wang, 'in', '我想叫瓦斯，20 公斤一桶', 15),
      msg(wang, 'out', faqs[1]!.reply, 15, { sentVia: 'reply', faqId: faqs[1]!.id }),
      msg(chen, 'in', '可以用信用卡付款嗎', 90),
      msg(lin, 'in', '上次送來的桶子閥門有點緊', 60 * 26 + 5),
      msg(lin, 'out', '林先生您好，師傅明天上午會過去幫您檢查，謝謝！', 60 * 26, { sentVia: 'push', sentBy: demo.users.staff }),
      msg(community, 'in', '社區團購這個月還有嗎？', 60 * 5, { lineUserId: null }),
    ])
    .returning();

  const contacts = await tx
    .insert(lineContacts)
    .values(
      [
        {
          source: 'line' as const,
          roomId: chen!.id,
          messageId: inserted[4]!.id,
          reporter: chen!.name!,
          reportedAt: minutesAgo(90),
          content: '可以用信用卡付款嗎',
        },
        {
          source: 'line' as const,
          roomId: lin!.id,
          messageId: inserted[5]!.id,
          reporter: lin!.name!,
          reportedAt: minutesAgo(60 * 26 + 5),
          content: '上次送來的桶子閥門有點緊',
        },
        {
          source: 'staff' as const,
          reporter: '張太太（電話）',
          reportedAt: minutesAgo(60 * 3),
          content: '熱水器點不著火，請派人看看',
          createdBy: demo.users.staff,
        },
      ].map((c) => ({ ...c, groupId: demo.groupId, storeId: store })),
    )
    .returning();
  await tx.insert(lineContactReplies).values({
    groupId: demo.groupId,
    contactId: contacts[1]!.id,
    replierId: demo.users.staff,
    repliedAt: minutesAgo(60 * 26),
    content: inserted[6]!.text!,
    sentVia: 'push',
    messageId: inserted[6]!.id,
  });

  // 王小明's chat is linked to the store's first customer (the customer detail's LINE card), with
  // low-gas notices switched off.
  const [customer] = await tx
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(eq(customers.storeId, store))
    .orderBy(asc(customers.id))
    .limit(1);
  if (customer) {
    await tx.insert(lineCustomerLinks).values({
      groupId: demo.groupId,
      customerId: customer.id,
      roomId: wang!.id,
      notifyLowGas: false,
      linkedAt: minutesAgo(60 * 24 * 20),
    });
  }
};
