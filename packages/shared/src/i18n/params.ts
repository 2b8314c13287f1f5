import type { Namespace } from './types.js';

/** Names of the system parameters of ../params.ts. */
export const params = {
  'zh-TW': {
    LOW_GAS_PERCENT: '低殘氣警示門檻（%）', NEARBY_RADIUS_KM: '附近客戶半徑（公里）', USAGE_AVERAGE_DAYS: '平均用量計算天數',
    INACTIVE_CUSTOMER_MONTHS: '未訂購客戶提醒（月）', RECENT_ORDER_COUNT: '最近訂單筆數', LPG_DENSITY_KG_PER_L: '液化石油氣密度（公斤/公升）',
    DEVICE_OFFLINE_MINUTES: '設備離線判定（分鐘）', LOW_BATTERY_PERCENT: '低電量門檻（%）', LEAK_DROP_KG_PER_HOUR: '疑似洩漏下降量（公斤/小時）',
    RESIDUAL_REFUND_MIN_GRAMS: '殘氣退費最低重量（公克）', MAX_CYLINDER_ENTRIES: '每次作業鋼瓶數上限', ERROR_NOTIFICATION_MS: '錯誤通知顯示時間（毫秒）',
    SUCCESS_MESSAGE_MS: '成功訊息顯示時間（毫秒）', REQUEST_TIMEOUT_MS: '請求逾時（毫秒）', ROUTE_RING_RED_KM: '路線圖紅色範圍（公里）',
    CHAT_RETENTION_MONTHS: '聊天資料保存（月）', DEFAULT_CURRENCY: '預設幣別', DEFAULT_TIME_ZONE: '預設時區',
  },
  'en-US': {
    LOW_GAS_PERCENT: 'Low residual gas threshold (%)', NEARBY_RADIUS_KM: 'Nearby customers radius (km)', USAGE_AVERAGE_DAYS: 'Usage average window (days)',
    INACTIVE_CUSTOMER_MONTHS: 'Inactive customer after (months)', RECENT_ORDER_COUNT: 'Recent orders shown', LPG_DENSITY_KG_PER_L: 'LPG density (kg/L)',
    DEVICE_OFFLINE_MINUTES: 'Device offline after (minutes)', LOW_BATTERY_PERCENT: 'Low battery threshold (%)', LEAK_DROP_KG_PER_HOUR: 'Possible leak drop (kg/hour)',
    RESIDUAL_REFUND_MIN_GRAMS: 'Minimum residual gas refunded (g)', MAX_CYLINDER_ENTRIES: 'Cylinders per operation (max)', ERROR_NOTIFICATION_MS: 'Error notification duration (ms)',
    SUCCESS_MESSAGE_MS: 'Success message duration (ms)', REQUEST_TIMEOUT_MS: 'Request timeout (ms)', ROUTE_RING_RED_KM: 'Route map red ring (km)',
    CHAT_RETENTION_MONTHS: 'Chat data retention (months)', DEFAULT_CURRENCY: 'Default currency', DEFAULT_TIME_ZONE: 'Default time zone',
  },
  'zh-CN': {
    LOW_GAS_PERCENT: '低残气警示门槛（%）', NEARBY_RADIUS_KM: '附近客户半径（公里）', USAGE_AVERAGE_DAYS: '平均用量计算天数',
    INACTIVE_CUSTOMER_MONTHS: '未订购客户提醒（月）', RECENT_ORDER_COUNT: '最近订单条数', LPG_DENSITY_KG_PER_L: '液化石油气密度（公斤/升）',
    DEVICE_OFFLINE_MINUTES: '设备离线判定（分钟）', LOW_BATTERY_PERCENT: '低电量门槛（%）', LEAK_DROP_KG_PER_HOUR: '疑似泄漏下降量（公斤/小时）',
    RESIDUAL_REFUND_MIN_GRAMS: '残气退费最低重量（克）', MAX_CYLINDER_ENTRIES: '每次作业钢瓶数上限', ERROR_NOTIFICATION_MS: '错误通知显示时间（毫秒）',
    SUCCESS_MESSAGE_MS: '成功消息显示时间（毫秒）', REQUEST_TIMEOUT_MS: '请求超时（毫秒）', ROUTE_RING_RED_KM: '路线图红色范围（公里）',
    CHAT_RETENTION_MONTHS: '聊天数据保存（月）', DEFAULT_CURRENCY: '默认币种', DEFAULT_TIME_ZONE: '默认时区',
  },
  'ja-JP': {
    LOW_GAS_PERCENT: '残ガス低下しきい値（%）', NEARBY_RADIUS_KM: '近隣顧客の半径（km）', USAGE_AVERAGE_DAYS: '平均使用量の計算日数',
    INACTIVE_CUSTOMER_MONTHS: '未注文顧客の判定（月）', RECENT_ORDER_COUNT: '最近の注文件数', LPG_DENSITY_KG_PER_L: 'LPG 密度（kg/L）',
    DEVICE_OFFLINE_MINUTES: 'デバイスのオフライン判定（分）', LOW_BATTERY_PERCENT: '低バッテリーしきい値（%）', LEAK_DROP_KG_PER_HOUR: '漏洩疑いの減少量（kg/時）',
    RESIDUAL_REFUND_MIN_GRAMS: '残ガス返金の最小重量（g）', MAX_CYLINDER_ENTRIES: '1回の作業のボンベ数上限', ERROR_NOTIFICATION_MS: 'エラー通知の表示時間（ms）',
    SUCCESS_MESSAGE_MS: '成功メッセージの表示時間（ms）', REQUEST_TIMEOUT_MS: 'リクエストのタイムアウト（ms）', ROUTE_RING_RED_KM: 'ルートマップ赤の範囲（km）',
    CHAT_RETENTION_MONTHS: 'チャットデータの保存期間（月）', DEFAULT_CURRENCY: '既定の通貨', DEFAULT_TIME_ZONE: '既定のタイムゾーン',
  },
  'ms-MY': {
    LOW_GAS_PERCENT: 'Ambang baki gas rendah (%)', NEARBY_RADIUS_KM: 'Jejari pelanggan berdekatan (km)', USAGE_AVERAGE_DAYS: 'Tempoh purata penggunaan (hari)',
    INACTIVE_CUSTOMER_MONTHS: 'Pelanggan tidak aktif selepas (bulan)', RECENT_ORDER_COUNT: 'Bilangan pesanan terkini', LPG_DENSITY_KG_PER_L: 'Ketumpatan LPG (kg/L)',
    DEVICE_OFFLINE_MINUTES: 'Peranti luar talian selepas (minit)', LOW_BATTERY_PERCENT: 'Ambang bateri rendah (%)', LEAK_DROP_KG_PER_HOUR: 'Penurunan disyaki bocor (kg/jam)',
    RESIDUAL_REFUND_MIN_GRAMS: 'Baki gas minimum dipulangkan (g)', MAX_CYLINDER_ENTRIES: 'Silinder setiap operasi (maks)', ERROR_NOTIFICATION_MS: 'Tempoh pemberitahuan ralat (ms)',
    SUCCESS_MESSAGE_MS: 'Tempoh mesej berjaya (ms)', REQUEST_TIMEOUT_MS: 'Had masa permintaan (ms)', ROUTE_RING_RED_KM: 'Gelang merah peta laluan (km)',
    CHAT_RETENTION_MONTHS: 'Penyimpanan data sembang (bulan)', DEFAULT_CURRENCY: 'Mata wang lalai', DEFAULT_TIME_ZONE: 'Zon waktu lalai',
  },
} as const satisfies Namespace;
