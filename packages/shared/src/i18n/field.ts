import type { Namespace } from './types.js';

/**
 * The field app (phones: delivery, return, refill dispatch, gas safety inspection). The seed's own
 * messages (duplicate number or barcode, no space available, no matching field, at least one
 * cylinder number; delivery successful, returned to store, refill dispatched, delivered) are
 * feedback.validation.* and feedback.success.*; this namespace holds the rest.
 */
export const field = {
  'zh-TW': {
    kind: { deliver: '送氣', return: '退瓶回店', packaging: '灌裝派送', 'filling-in': '灌裝回收', examine: '安全檢查' },
    status: { queued: '待同步', applied: '已同步', duplicate: '已同步（重送）', conflict: '衝突待處理', rejected: '已退回' },
    conflict: {
      orderCancelled: '訂單已取消，送氣紀錄已交由門市處理',
      orderAlreadyDelivered: '訂單已由他人完成送氣，紀錄已交由門市處理',
      orderNotOpen: '訂單狀態已變更，紀錄已交由門市處理',
      cylindersPending: '部分鋼瓶無法異動，已列入待處理資料',
    },
    item: {
      hose: '管線',
      regulator: '調整器',
      leakTest: '測漏',
      ventilation: '通風',
      placement: '鋼瓶放置',
      cylinderInDate: '鋼瓶檢驗期限',
    },
    checkResult: { pass: '合格', fail: '不合格', na: '不適用' },
    inspectionResult: { pass: '合格', fail: '不合格' },
    success: { refillReceived: '灌裝鋼瓶已入庫' },
    validation: {
      failedItem: '有不合格項目時，檢查結果必須為不合格',
      handlingSite: '請選擇分裝場',
      customerNotHere: '此客戶不屬於您的門市',
    },
  },
  'en-US': {
    kind: {
      deliver: 'Delivery',
      return: 'Return to store',
      packaging: 'Refill dispatch',
      'filling-in': 'Refill received',
      examine: 'Safety inspection',
    },
    status: { queued: 'Waiting to sync', applied: 'Synced', duplicate: 'Synced (resent)', conflict: 'Conflict', rejected: 'Rejected' },
    conflict: {
      orderCancelled: 'The order was cancelled; the delivery is kept for the office',
      orderAlreadyDelivered: 'Someone else already delivered this order; the delivery is kept for the office',
      orderNotOpen: 'The order changed meanwhile; the delivery is kept for the office',
      cylindersPending: 'Some cylinders could not be moved and wait in pending data',
    },
    item: {
      hose: 'Hose',
      regulator: 'Regulator',
      leakTest: 'Leak test',
      ventilation: 'Ventilation',
      placement: 'Cylinder placement',
      cylinderInDate: 'Cylinder in date',
    },
    checkResult: { pass: 'Pass', fail: 'Fail', na: 'Not applicable' },
    inspectionResult: { pass: 'Pass', fail: 'Fail' },
    success: { refillReceived: 'Refilled cylinders received' },
    validation: {
      failedItem: 'With a failed item the result must be fail',
      handlingSite: 'Please select a filling plant',
      customerNotHere: 'This customer is not one of your stores',
    },
  },
  'zh-CN': {
    kind: { deliver: '送气', return: '退瓶回店', packaging: '灌装派送', 'filling-in': '灌装回收', examine: '安全检查' },
    status: { queued: '待同步', applied: '已同步', duplicate: '已同步（重发）', conflict: '冲突待处理', rejected: '已退回' },
    conflict: {
      orderCancelled: '订单已取消，送气记录已交由门店处理',
      orderAlreadyDelivered: '订单已由他人完成送气，记录已交由门店处理',
      orderNotOpen: '订单状态已变更，记录已交由门店处理',
      cylindersPending: '部分钢瓶无法变动，已列入待处理数据',
    },
    item: {
      hose: '管线',
      regulator: '调压器',
      leakTest: '测漏',
      ventilation: '通风',
      placement: '钢瓶放置',
      cylinderInDate: '钢瓶检验期限',
    },
    checkResult: { pass: '合格', fail: '不合格', na: '不适用' },
    inspectionResult: { pass: '合格', fail: '不合格' },
    success: { refillReceived: '灌装钢瓶已入库' },
    validation: {
      failedItem: '有不合格项目时，检查结果必须为不合格',
      handlingSite: '请选择分装场',
      customerNotHere: '此客户不属于您的门店',
    },
  },
  'ja-JP': {
    kind: { deliver: '配送', return: '店舗へ返却', packaging: '充填出荷', 'filling-in': '充填入庫', examine: '保安点検' },
    status: { queued: '同期待ち', applied: '同期済み', duplicate: '同期済み（再送）', conflict: '競合', rejected: '却下' },
    conflict: {
      orderCancelled: '注文はキャンセルされました。配送記録は店舗で処理します',
      orderAlreadyDelivered: 'この注文は他の人が配送済みです。記録は店舗で処理します',
      orderNotOpen: '注文の状態が変わりました。記録は店舗で処理します',
      cylindersPending: '一部のボンベを移動できず、保留データに入りました',
    },
    item: {
      hose: 'ホース',
      regulator: '調整器',
      leakTest: '漏えい検査',
      ventilation: '換気',
      placement: 'ボンベの設置',
      cylinderInDate: 'ボンベの検査期限',
    },
    checkResult: { pass: '合格', fail: '不合格', na: '該当なし' },
    inspectionResult: { pass: '合格', fail: '不合格' },
    success: { refillReceived: '充填済みボンベを入庫しました' },
    validation: {
      failedItem: '不合格の項目がある場合、結果は不合格にしてください',
      handlingSite: '充填所を選択してください',
      customerNotHere: 'この顧客はあなたの店舗の顧客ではありません',
    },
  },
  'ms-MY': {
    kind: {
      deliver: 'Penghantaran',
      return: 'Pulang ke kedai',
      packaging: 'Hantar isian semula',
      'filling-in': 'Terima isian semula',
      examine: 'Pemeriksaan keselamatan',
    },
    status: {
      queued: 'Menunggu segerak',
      applied: 'Disegerakkan',
      duplicate: 'Disegerakkan (dihantar semula)',
      conflict: 'Konflik',
      rejected: 'Ditolak',
    },
    conflict: {
      orderCancelled: 'Pesanan telah dibatalkan; penghantaran disimpan untuk pejabat',
      orderAlreadyDelivered: 'Pesanan ini telah dihantar oleh orang lain; penghantaran disimpan untuk pejabat',
      orderNotOpen: 'Pesanan telah berubah; penghantaran disimpan untuk pejabat',
      cylindersPending: 'Sebahagian silinder tidak dapat dipindahkan dan menunggu dalam data tertunda',
    },
    item: {
      hose: 'Hos',
      regulator: 'Pengatur',
      leakTest: 'Ujian kebocoran',
      ventilation: 'Pengudaraan',
      placement: 'Kedudukan silinder',
      cylinderInDate: 'Tarikh pemeriksaan silinder',
    },
    checkResult: { pass: 'Lulus', fail: 'Gagal', na: 'Tidak berkenaan' },
    inspectionResult: { pass: 'Lulus', fail: 'Gagal' },
    success: { refillReceived: 'Silinder yang diisi semula telah diterima' },
    validation: {
      failedItem: 'Jika ada item gagal, keputusan mestilah gagal',
      handlingSite: 'Sila pilih loji pengisian',
      customerNotHere: 'Pelanggan ini bukan dari kedai anda',
    },
  },
} satisfies Namespace;
