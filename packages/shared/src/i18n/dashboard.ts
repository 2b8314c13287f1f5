import type { Namespace } from './types.js';

/** Home dashboard. */
export const dashboard = {
  'zh-TW': {
    today: '今日訂單', todayDate: '今天 {{date}}', ordersCount: '{{count}} 筆', pending: '待配送（依配送人員）', unassigned: '未指派',
    placed: '已下單', notDelivered: '未配送', delivering: '配送中', revenue: '近 30 天營收', revenueSeries: '營收', orderSeries: '訂單數',
    inactive: '超過 {{months}} 個月未訂購的客戶', inactiveTotal: '共 {{total}} 位', lastOrder: '最後訂購', neverOrdered: '從未訂購',
    recent: '最新 {{count}} 筆訂單', lowGas: '低殘氣客戶', lowGasPending: '低殘氣清單將在物聯網殘氣模組安裝後顯示於此。',
    allStores: '全部門市', noPending: '目前沒有待配送的訂單', noOrdersToday: '今天還沒有訂單',
  },
  'en-US': {
    today: "Today's orders", todayDate: 'Today {{date}}', ordersCount: 'Orders: {{count}}', pending: 'Deliveries pending (per delivery person)', unassigned: 'Unassigned',
    placed: 'Placed', notDelivered: 'Not delivered', delivering: 'Delivering', revenue: 'Revenue, last 30 days', revenueSeries: 'Revenue', orderSeries: 'Orders',
    inactive: 'Customers with no order for over {{months}} months', inactiveTotal: 'Customers: {{total}}', lastOrder: 'Last order', neverOrdered: 'Never ordered',
    recent: 'Latest {{count}} orders', lowGas: 'Low residual gas', lowGasPending: 'The low residual gas list appears here once the IoT residual gas module is installed.',
    allStores: 'All stores', noPending: 'No deliveries pending', noOrdersToday: 'No orders yet today',
  },
  'zh-CN': {
    today: '今日订单', todayDate: '今天 {{date}}', ordersCount: '{{count}} 笔', pending: '待配送（按配送人员）', unassigned: '未指派',
    placed: '已下单', notDelivered: '未配送', delivering: '配送中', revenue: '近 30 天营收', revenueSeries: '营收', orderSeries: '订单数',
    inactive: '超过 {{months}} 个月未订购的客户', inactiveTotal: '共 {{total}} 位', lastOrder: '最后订购', neverOrdered: '从未订购',
    recent: '最新 {{count}} 笔订单', lowGas: '低残气客户', lowGasPending: '低残气清单将在物联网残气模块安装后显示于此。',
    allStores: '全部门店', noPending: '目前没有待配送的订单', noOrdersToday: '今天还没有订单',
  },
  'ja-JP': {
    today: '本日の注文', todayDate: '本日 {{date}}', ordersCount: '{{count}} 件', pending: '配送待ち（配送スタッフ別）', unassigned: '未割当',
    placed: '注文済み', notDelivered: '未配送', delivering: '配送中', revenue: '直近 30 日の売上', revenueSeries: '売上', orderSeries: '注文数',
    inactive: '{{months}} か月以上注文のない顧客', inactiveTotal: '{{total}} 件', lastOrder: '最終注文', neverOrdered: '注文履歴なし',
    recent: '最新の注文 {{count}} 件', lowGas: '残ガス低下の顧客', lowGasPending: 'IoT 残ガスモジュールを導入すると、残ガス低下リストがここに表示されます。',
    allStores: 'すべての店舗', noPending: '配送待ちの注文はありません', noOrdersToday: '本日の注文はまだありません',
  },
  'ms-MY': {
    today: 'Pesanan hari ini', todayDate: 'Hari ini {{date}}', ordersCount: '{{count}} pesanan', pending: 'Penghantaran belum selesai (setiap penghantar)', unassigned: 'Belum ditugaskan',
    placed: 'Dibuat', notDelivered: 'Belum dihantar', delivering: 'Sedang dihantar', revenue: 'Hasil, 30 hari lepas', revenueSeries: 'Hasil', orderSeries: 'Pesanan',
    inactive: 'Pelanggan tanpa pesanan lebih {{months}} bulan', inactiveTotal: '{{total}} pelanggan', lastOrder: 'Pesanan terakhir', neverOrdered: 'Tidak pernah memesan',
    recent: '{{count}} pesanan terkini', lowGas: 'Baki gas rendah', lowGasPending: 'Senarai baki gas rendah dipaparkan di sini setelah modul baki gas IoT dipasang.',
    allStores: 'Semua kedai', noPending: 'Tiada penghantaran tertunggak', noOrdersToday: 'Belum ada pesanan hari ini',
  },
} as const satisfies Namespace;
