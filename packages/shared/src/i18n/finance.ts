import type { Namespace } from './types.js';

/** Finance: miscellaneous expense items (incidentals), expenses and the financial overview. */
export const finance = {
  'zh-TW': {
    type: { salary: '薪資', bonus: '獎金', commission: '商品抽成', operating: '營業費用', vendor: '廠商貨款', misc: '雜項' },
    field: { store: '門市', name: '項目名稱', type: '類型', remark: '備註', date: '日期', item: '項目', amount: '金額' },
    addItem: '新增雜支項目', editItem: '編輯雜支項目', addExpense: '新增支出', editExpense: '編輯支出',
    allStores: '全部門市', allTypes: '全部類型', allItems: '全部項目', selectStore: '請選擇門市', selectItem: '請選擇項目',
    searchItem: '搜尋項目名稱', searchExpense: '搜尋項目或備註', totalAmount: '合計金額', noItems: '此門市尚無雜支項目，請先到「雜支項目」新增。',
    overview: {
      period: '期間', income: '收入', cash: '現金', bill: '票據', paymentCount: '入帳筆數', sales: '銷售',
      orderCount: '完成訂單數', salesAmount: '銷售金額', expenses: '支出', byType: '依類型', count: '筆數',
      receivables: '應收帳款', unpaidOrders: '未收款訂單', unpostedBills: '未入帳月結', arrearsCustomers: '欠款客戶數',
      receivablesTotal: '應收合計', net: '淨額（收入－支出）', chartTitle: '每日收入與支出', incomeSeries: '收入', expenseSeries: '支出',
      expenseShare: '支出結構', noExpenses: '此期間沒有支出',
    },
  },
  'en-US': {
    type: { salary: 'Salary', bonus: 'Bonus', commission: 'Product commission', operating: 'Operating expenses', vendor: 'Vendor payments', misc: 'Miscellaneous' },
    field: { store: 'Store', name: 'Item name', type: 'Type', remark: 'Remark', date: 'Date', item: 'Item', amount: 'Amount' },
    addItem: 'Add expense item', editItem: 'Edit expense item', addExpense: 'Add expense', editExpense: 'Edit expense',
    allStores: 'All stores', allTypes: 'All types', allItems: 'All items', selectStore: 'Select a store', selectItem: 'Select an item',
    searchItem: 'Search item name', searchExpense: 'Search item or remark', totalAmount: 'Total amount', noItems: 'This store has no expense items yet. Add them under "Expense items" first.',
    overview: {
      period: 'Period', income: 'Income', cash: 'Cash', bill: 'Bill', paymentCount: 'Payments posted', sales: 'Sales',
      orderCount: 'Completed orders', salesAmount: 'Sales amount', expenses: 'Expenses', byType: 'By type', count: 'Entries',
      receivables: 'Receivables', unpaidOrders: 'Unpaid orders', unpostedBills: 'Unposted monthly bills', arrearsCustomers: 'Customers in arrears',
      receivablesTotal: 'Total receivable', net: 'Net (income − expenses)', chartTitle: 'Daily income and expenses', incomeSeries: 'Income', expenseSeries: 'Expenses',
      expenseShare: 'Expense breakdown', noExpenses: 'No expenses in this period',
    },
  },
  'zh-CN': {
    type: { salary: '薪资', bonus: '奖金', commission: '商品提成', operating: '营业费用', vendor: '厂商货款', misc: '杂项' },
    field: { store: '门店', name: '项目名称', type: '类型', remark: '备注', date: '日期', item: '项目', amount: '金额' },
    addItem: '新增杂支项目', editItem: '编辑杂支项目', addExpense: '新增支出', editExpense: '编辑支出',
    allStores: '全部门店', allTypes: '全部类型', allItems: '全部项目', selectStore: '请选择门店', selectItem: '请选择项目',
    searchItem: '搜索项目名称', searchExpense: '搜索项目或备注', totalAmount: '合计金额', noItems: '此门店尚无杂支项目，请先到“杂支项目”新增。',
    overview: {
      period: '期间', income: '收入', cash: '现金', bill: '票据', paymentCount: '入账笔数', sales: '销售',
      orderCount: '完成订单数', salesAmount: '销售金额', expenses: '支出', byType: '按类型', count: '笔数',
      receivables: '应收账款', unpaidOrders: '未收款订单', unpostedBills: '未入账月结', arrearsCustomers: '欠款客户数',
      receivablesTotal: '应收合计', net: '净额（收入－支出）', chartTitle: '每日收入与支出', incomeSeries: '收入', expenseSeries: '支出',
      expenseShare: '支出结构', noExpenses: '此期间没有支出',
    },
  },
  'ja-JP': {
    type: { salary: '給与', bonus: '賞与', commission: '商品手数料', operating: '営業費', vendor: '仕入先支払', misc: '雑費' },
    field: { store: '店舗', name: '項目名', type: '種類', remark: '備考', date: '日付', item: '項目', amount: '金額' },
    addItem: '雑費項目を追加', editItem: '雑費項目を編集', addExpense: '支出を追加', editExpense: '支出を編集',
    allStores: 'すべての店舗', allTypes: 'すべての種類', allItems: 'すべての項目', selectStore: '店舗を選択してください', selectItem: '項目を選択してください',
    searchItem: '項目名で検索', searchExpense: '項目または備考で検索', totalAmount: '合計金額', noItems: 'この店舗には雑費項目がありません。先に「雑費項目」で追加してください。',
    overview: {
      period: '期間', income: '収入', cash: '現金', bill: '手形', paymentCount: '入金件数', sales: '売上',
      orderCount: '完了注文数', salesAmount: '売上金額', expenses: '支出', byType: '種類別', count: '件数',
      receivables: '売掛金', unpaidOrders: '未入金の注文', unpostedBills: '未計上の月締め請求', arrearsCustomers: '未払い顧客数',
      receivablesTotal: '売掛金合計', net: '差引（収入－支出）', chartTitle: '日別の収入と支出', incomeSeries: '収入', expenseSeries: '支出',
      expenseShare: '支出の内訳', noExpenses: 'この期間の支出はありません',
    },
  },
  'ms-MY': {
    type: { salary: 'Gaji', bonus: 'Bonus', commission: 'Komisen produk', operating: 'Perbelanjaan operasi', vendor: 'Bayaran vendor', misc: 'Pelbagai' },
    field: { store: 'Kedai', name: 'Nama item', type: 'Jenis', remark: 'Catatan', date: 'Tarikh', item: 'Item', amount: 'Amaun' },
    addItem: 'Tambah item perbelanjaan', editItem: 'Sunting item perbelanjaan', addExpense: 'Tambah perbelanjaan', editExpense: 'Sunting perbelanjaan',
    allStores: 'Semua kedai', allTypes: 'Semua jenis', allItems: 'Semua item', selectStore: 'Sila pilih kedai', selectItem: 'Sila pilih item',
    searchItem: 'Cari nama item', searchExpense: 'Cari item atau catatan', totalAmount: 'Jumlah amaun', noItems: 'Kedai ini belum mempunyai item perbelanjaan. Tambahkannya di "Item perbelanjaan" dahulu.',
    overview: {
      period: 'Tempoh', income: 'Pendapatan', cash: 'Tunai', bill: 'Bil', paymentCount: 'Bayaran dipos', sales: 'Jualan',
      orderCount: 'Pesanan selesai', salesAmount: 'Amaun jualan', expenses: 'Perbelanjaan', byType: 'Mengikut jenis', count: 'Entri',
      receivables: 'Akaun belum terima', unpaidOrders: 'Pesanan belum dibayar', unpostedBills: 'Bil bulanan belum dipos', arrearsCustomers: 'Pelanggan tertunggak',
      receivablesTotal: 'Jumlah belum terima', net: 'Bersih (pendapatan − perbelanjaan)', chartTitle: 'Pendapatan dan perbelanjaan harian', incomeSeries: 'Pendapatan', expenseSeries: 'Perbelanjaan',
      expenseShare: 'Pecahan perbelanjaan', noExpenses: 'Tiada perbelanjaan dalam tempoh ini',
    },
  },
} as const satisfies Namespace;
