import type { Namespace } from './types.js';

/**
 * The public privacy policy and terms of service (seed §1, §9): they cover the LINE messaging
 * service and the retention after the service ends (`{{months}}`: the platform's CHAT_RETENTION_MONTHS,
 * from GET /api/public/chat-retention). The seed shows no contact details, so the text sends readers
 * to the store that serves them instead of inventing an address.
 * Paragraphs inside a body are separated by a blank line.
 */
export const legal = {
  'zh-TW': {
    privacy: {
      title: '隱私權政策',
      intro:
        'GasOps 物聯網秤重智慧服務平台（以下稱「本平台」）由液化石油氣經銷商及其門市（以下稱「門市」或「我們」）用於受理訂單、配送瓦斯及維護鋼瓶安全。本政策說明本平台（包括 LINE 訊息服務）如何處理您的個人資料及如何保護這些資料。',
      collect: {
        title: '我們蒐集的資料',
        body: '當您訂購瓦斯或聯絡門市時，我們會記錄您的姓名、配送地址、電話、客戶類型、訂單與付款紀錄；若您的鋼瓶裝有智慧秤，也會記錄瓦斯重量的讀數。\n\n員工帳號會記錄帳號名稱、電子郵件、登入時間及在本平台執行的操作。',
      },
      line: {
        title: 'LINE 訊息服務',
        body: '當您將門市的 LINE 官方帳號加為好友，我們會收到您的 LINE 使用者識別碼、顯示名稱，以及您傳送的訊息、圖片與位置。我們用這些資料回覆您的問題、受理訂單、傳送配送與殘氣通知，並以常見問題自動回覆。\n\nLINE 平台由其營運者依其自身的隱私權政策提供；我們只會收到 LINE Messaging API 傳給我們的內容。',
      },
      use: {
        title: '資料的使用目的',
        body: '處理及配送訂單、依規定開立統一發票、月結客戶請款、殘氣不足提醒、安排鋼瓶檢驗、回覆客服需求以及維護服務安全。我們不會出售個人資料，也不會將其用於第三方廣告。',
      },
      share: {
        title: '資料的提供對象',
        body: '資料只會提供給為您服務的門市與配送人員、開立發票時的電子發票平台，以及負有保密義務、為本平台提供主機服務的廠商；或依法律規定提供。',
      },
      retention: {
        title: '保存期間',
        body: '訊息與資料在服務提供期間保存，並於服務終止後最多保存 {{months}} 個月，之後將刪除或去識別化。',
      },
      security: {
        title: '資料安全',
        body: '連線均經加密，密碼僅以加鹽雜湊方式保存，每個店家群組只能看到自己的資料。員工的存取權限依角色限制，並留有紀錄。',
      },
      rights: {
        title: '您的權利',
        body: '您可以向為您服務的門市請求查閱、更正或刪除您的資料，也可以隨時封鎖或刪除官方帳號以停止使用 LINE 服務。',
      },
      cookies: {
        title: 'Cookie 與本機儲存',
        body: '本平台只使用 Cookie 來維持員工登入狀態、防止偽造請求及記住所選門市，並在您的瀏覽器中保存所選的顯示語言。我們不使用廣告或追蹤用的 Cookie。',
      },
      changes: {
        title: '政策的修訂',
        body: '服務內容變更時，我們可能修訂本政策。最新版本隨時公布於本頁。',
      },
      contact: {
        title: '聯絡我們',
        body: '如對本政策或您的資料有任何疑問，請聯絡為您服務的門市，例如透過該門市的 LINE 官方帳號。',
      },
    },
    terms: {
      title: '服務條款',
      intro: '本條款適用於 GasOps 平台，以及使用本平台的液化石油氣經銷商與門市所提供的 LINE 訊息服務。您使用本服務即表示同意本條款。',
      service: {
        title: '服務內容',
        body: '本平台讓客戶訂購瓦斯及相關商品與服務，並讓門市管理客戶、配送、鋼瓶、殘氣裝置、發票與客服。透過 LINE 官方帳號，您可以聯絡門市、接收訂單與配送通知，並取得常見問題的自動回覆。',
      },
      accounts: {
        title: '帳號',
        body: '員工帳號由店家群組的管理者建立。請妥善保管您的密碼；以您的帳號所進行的操作由您負責。若懷疑帳號遭冒用，請立即通知您的管理者。',
      },
      orders: {
        title: '訂單與付款',
        body: '訂單在門市受理後成立，價格以下單時門市所訂的價格為準。訂單在送達前都可以取消；配送時間為預估時間。',
      },
      line: {
        title: 'LINE 訊息服務',
        body: 'LINE 服務仰賴 LINE 平台運作，LINE 無法使用時本服務也可能無法使用。自動回覆僅供一般參考，緊急事項請直接聯絡門市。請勿透過聊天傳送密碼或信用卡號碼。',
      },
      safety: {
        title: '用氣安全',
        body: '殘氣讀數與警示是智慧秤的估計值，不能取代安全檢查。如聞到瓦斯味，請關閉鋼瓶開關、打開門窗，不要操作電器開關或使用明火，離開現場後撥打當地緊急電話。',
      },
      conduct: {
        title: '使用規範',
        body: '請勿濫用本服務、干擾其運作、存取未經授權的資料，或傳送違法或騷擾的內容。',
      },
      retention: {
        title: '資料保存',
        body: '訊息與資料在服務提供期間保存，並於服務終止後最多保存 {{months}} 個月，詳見隱私權政策。',
      },
      liability: {
        title: '責任限制',
        body: '本服務依現況提供。在法律允許的範圍內，對於服務中斷、網路故障或第三方傳送的資訊所造成的間接損失，我們不負賠償責任。',
      },
      changes: {
        title: '條款的修訂',
        body: '我們可能修訂本條款，最新版本隨時公布於本頁；修訂後您繼續使用本服務，即視為同意修訂內容。',
      },
      contact: {
        title: '聯絡我們',
        body: '如對本條款有任何疑問，請聯絡為您服務的門市，例如透過該門市的 LINE 官方帳號。',
      },
    },
  },
  'en-US': {
    privacy: {
      title: 'Privacy Policy',
      intro:
        'The GasOps IoT weighing smart service platform ("the platform") is used by LPG cylinder distributors and their stores ("the store", "we") to take orders, deliver gas and keep cylinders safe. This policy explains what personal data the platform handles, including through our LINE messaging service, and how it is protected.',
      collect: {
        title: 'Information we collect',
        body: 'When you order gas or contact a store we record your name, delivery address, phone number, customer type, and order and payment history. If a smart scale is installed, we also record the gas weight readings of your cylinder.\n\nStaff accounts record the account name, e-mail address, login times and the actions performed in the platform.',
      },
      line: {
        title: 'LINE messaging service',
        body: "When you add a store's LINE official account as a friend, we receive your LINE user ID, display name and the messages, images and locations you send. We use them to answer your questions, take orders, send delivery and residual gas notices, and reply automatically to frequently asked questions.\n\nThe LINE platform is provided by its operator under the operator's own privacy policy; we only receive what the LINE Messaging API passes to us.",
      },
      use: {
        title: 'How we use information',
        body: 'To process and deliver orders, issue uniform invoices where required, bill monthly customers, warn about low residual gas, schedule cylinder inspections, answer customer service requests and keep the service secure. We do not sell personal data and do not use it for third-party advertising.',
      },
      share: {
        title: 'Who we share it with',
        body: 'Data is shared only with the store and delivery staff that serve you, with the e-invoice platform when an invoice is issued, and with service providers that host the platform under confidentiality obligations, or when the law requires it.',
      },
      retention: {
        title: 'How long we keep it',
        body: 'Messages and data are kept while the service is provided and for up to {{months}} months after the service ends. After that they are deleted or made anonymous.',
      },
      security: {
        title: 'Security',
        body: 'Connections are encrypted, passwords are stored only as salted hashes, and each store group sees only its own data. Staff access is limited by role and recorded.',
      },
      rights: {
        title: 'Your rights',
        body: 'You may ask the store that serves you to show, correct or delete your data, and you can stop using the LINE service at any time by blocking or removing the official account.',
      },
      cookies: {
        title: 'Cookies and local storage',
        body: 'The platform uses cookies only to keep staff signed in, to protect against forged requests and to remember the selected store, and it stores the chosen display language in your browser. No advertising or tracking cookies are used.',
      },
      changes: {
        title: 'Changes to this policy',
        body: 'We may update this policy when the service changes. The current version is always published on this page.',
      },
      contact: {
        title: 'Contact',
        body: "For questions about this policy or your data, please contact the store that serves you, for example through the store's LINE official account.",
      },
    },
    terms: {
      title: 'Terms of Service',
      intro:
        'These terms apply to the GasOps platform and to the LINE messaging service offered by the LPG distributors and stores that use it. By using the service you agree to them.',
      service: {
        title: 'The service',
        body: 'The platform lets customers order gas and related products and services, and lets stores manage customers, deliveries, cylinders, residual gas devices, invoices and customer service. Through the LINE official account you can contact the store, receive order and delivery notices, and get automatic answers to common questions.',
      },
      accounts: {
        title: 'Accounts',
        body: "Staff accounts are created by the store group's administrator. Keep your password secret; you are responsible for what is done with your account. Tell your administrator at once if you suspect misuse.",
      },
      orders: {
        title: 'Orders and payment',
        body: 'An order is confirmed when the store accepts it. Prices are those set by the store at the time of the order. Orders can be cancelled until they are delivered; delivery times are estimates.',
      },
      line: {
        title: 'LINE messaging service',
        body: 'The LINE service depends on the LINE platform and may be unavailable when LINE is. Automatic replies are general information only; for anything urgent, contact the store directly. Do not send passwords or payment card numbers through the chat.',
      },
      safety: {
        title: 'Gas safety',
        body: 'Residual gas readings and alerts are estimates from smart scales and do not replace safety checks. If you smell gas, close the cylinder valve, open the windows, do not use electrical switches or open flames, leave the area and call your local emergency number.',
      },
      conduct: {
        title: 'Acceptable use',
        body: 'Do not misuse the service, interfere with its operation, access data you are not authorised to see, or send unlawful or abusive content.',
      },
      retention: {
        title: 'Data retention',
        body: 'Messages and data are kept while the service is provided and for up to {{months}} months after the service ends, as described in the Privacy Policy.',
      },
      liability: {
        title: 'Liability',
        body: 'The service is provided as available. To the extent the law allows, we are not liable for indirect losses caused by interruptions, network failures or information sent by third parties.',
      },
      changes: {
        title: 'Changes to these terms',
        body: 'We may change these terms. The current version is always published on this page; using the service after a change means you accept it.',
      },
      contact: {
        title: 'Contact',
        body: "For questions about these terms, please contact the store that serves you, for example through the store's LINE official account.",
      },
    },
  },
  'zh-CN': {
    privacy: {
      title: '隐私政策',
      intro:
        'GasOps 物联网称重智慧服务平台（以下称“本平台”）由液化石油气经销商及其门店（以下称“门店”或“我们”）用于受理订单、配送燃气及维护钢瓶安全。本政策说明本平台（包括 LINE 消息服务）如何处理您的个人信息以及如何保护这些信息。',
      collect: {
        title: '我们收集的信息',
        body: '当您订购燃气或联系门店时，我们会记录您的姓名、配送地址、电话、客户类型、订单与付款记录；若您的钢瓶装有智能秤，也会记录燃气重量的读数。\n\n员工账号会记录账号名称、电子邮箱、登录时间及在本平台执行的操作。',
      },
      line: {
        title: 'LINE 消息服务',
        body: '当您将门店的 LINE 官方账号添加为好友，我们会收到您的 LINE 用户标识、显示名称，以及您发送的消息、图片与位置。我们用这些信息回复您的问题、受理订单、发送配送与残气通知，并以常见问题自动回复。\n\nLINE 平台由其运营方依其自身的隐私政策提供；我们只会收到 LINE Messaging API 传给我们的内容。',
      },
      use: {
        title: '信息的使用目的',
        body: '处理及配送订单、依规定开具统一发票、月结客户请款、残气不足提醒、安排钢瓶检验、回复客服需求以及维护服务安全。我们不会出售个人信息，也不会将其用于第三方广告。',
      },
      share: {
        title: '信息的提供对象',
        body: '信息只会提供给为您服务的门店与配送人员、开具发票时的电子发票平台，以及负有保密义务、为本平台提供主机服务的服务商；或依法律规定提供。',
      },
      retention: {
        title: '保存期限',
        body: '消息与数据在服务提供期间保存，并于服务终止后最多保存 {{months}} 个月，之后将删除或匿名化。',
      },
      security: {
        title: '信息安全',
        body: '连接均经加密，密码仅以加盐哈希方式保存，每个店家群组只能看到自己的数据。员工的访问权限按角色限制，并留有记录。',
      },
      rights: {
        title: '您的权利',
        body: '您可以向为您服务的门店请求查阅、更正或删除您的信息，也可以随时屏蔽或删除官方账号以停止使用 LINE 服务。',
      },
      cookies: {
        title: 'Cookie 与本地存储',
        body: '本平台只使用 Cookie 来保持员工登录状态、防止伪造请求及记住所选门店，并在您的浏览器中保存所选的显示语言。我们不使用广告或跟踪用的 Cookie。',
      },
      changes: {
        title: '政策的修订',
        body: '服务内容变更时，我们可能修订本政策。最新版本随时公布于本页。',
      },
      contact: {
        title: '联系我们',
        body: '如对本政策或您的信息有任何疑问，请联系为您服务的门店，例如通过该门店的 LINE 官方账号。',
      },
    },
    terms: {
      title: '服务条款',
      intro: '本条款适用于 GasOps 平台，以及使用本平台的液化石油气经销商与门店所提供的 LINE 消息服务。您使用本服务即表示同意本条款。',
      service: {
        title: '服务内容',
        body: '本平台让客户订购燃气及相关商品与服务，并让门店管理客户、配送、钢瓶、残气设备、发票与客服。通过 LINE 官方账号，您可以联系门店、接收订单与配送通知，并获得常见问题的自动回复。',
      },
      accounts: {
        title: '账号',
        body: '员工账号由店家群组的管理者创建。请妥善保管您的密码；以您的账号进行的操作由您负责。若怀疑账号被冒用，请立即通知您的管理者。',
      },
      orders: {
        title: '订单与付款',
        body: '订单在门店受理后成立，价格以下单时门店所定的价格为准。订单在送达前均可取消；配送时间为预估时间。',
      },
      line: {
        title: 'LINE 消息服务',
        body: 'LINE 服务依赖 LINE 平台运行，LINE 无法使用时本服务也可能无法使用。自动回复仅供一般参考，紧急事项请直接联系门店。请勿通过聊天发送密码或银行卡号码。',
      },
      safety: {
        title: '用气安全',
        body: '残气读数与警示是智能秤的估计值，不能取代安全检查。如闻到燃气味，请关闭钢瓶阀门、打开门窗，不要操作电器开关或使用明火，离开现场后拨打当地紧急电话。',
      },
      conduct: {
        title: '使用规范',
        body: '请勿滥用本服务、干扰其运行、访问未经授权的数据，或发送违法或骚扰的内容。',
      },
      retention: {
        title: '数据保存',
        body: '消息与数据在服务提供期间保存，并于服务终止后最多保存 {{months}} 个月，详见隐私政策。',
      },
      liability: {
        title: '责任限制',
        body: '本服务按现状提供。在法律允许的范围内，对于服务中断、网络故障或第三方发送的信息所造成的间接损失，我们不承担赔偿责任。',
      },
      changes: {
        title: '条款的修订',
        body: '我们可能修订本条款，最新版本随时公布于本页；修订后您继续使用本服务，即视为同意修订内容。',
      },
      contact: {
        title: '联系我们',
        body: '如对本条款有任何疑问，请联系为您服务的门店，例如通过该门店的 LINE 官方账号。',
      },
    },
  },
  'ja-JP': {
    privacy: {
      title: 'プライバシーポリシー',
      intro:
        'GasOps IoT計量スマートサービスプラットフォーム（以下「本プラットフォーム」）は、LPガスボンベの販売事業者およびその店舗（以下「店舗」または「当社」）が、注文の受付、ガスの配送、ボンベの安全管理のために利用するものです。本ポリシーでは、LINEメッセージサービスを含め、本プラットフォームが取り扱う個人情報とその保護方法について説明します。',
      collect: {
        title: '収集する情報',
        body: 'ガスのご注文や店舗へのお問い合わせの際に、お名前、配送先住所、電話番号、顧客区分、注文および支払いの履歴を記録します。スマートスケールが設置されている場合は、ボンベのガス重量の測定値も記録します。\n\nスタッフアカウントについては、アカウント名、メールアドレス、ログイン日時、および本プラットフォームで行った操作を記録します。',
      },
      line: {
        title: 'LINEメッセージサービス',
        body: '店舗のLINE公式アカウントを友だち追加すると、当社はお客様のLINEユーザーID、表示名、送信されたメッセージ・画像・位置情報を受け取ります。これらはご質問への回答、注文の受付、配送および残ガスのお知らせ、よくある質問への自動応答に利用します。\n\nLINEプラットフォームはその運営者が自らのプライバシーポリシーに基づいて提供しており、当社が受け取るのはLINE Messaging APIから渡される情報のみです。',
      },
      use: {
        title: '利用目的',
        body: '注文の処理と配送、必要に応じた統一発票の発行、月締め顧客への請求、残ガス不足の警告、ボンベ検査の手配、カスタマーサービスへの対応、およびサービスの安全確保のために利用します。個人情報を販売したり、第三者の広告に利用したりすることはありません。',
      },
      share: {
        title: '情報の提供先',
        body: '情報は、お客様を担当する店舗と配送スタッフ、発票発行時の電子発票プラットフォーム、守秘義務を負って本プラットフォームをホスティングする委託先にのみ提供し、法令で求められる場合を除き、それ以外には提供しません。',
      },
      retention: {
        title: '保存期間',
        body: 'メッセージとデータは、サービス提供期間中およびサービス終了後最長{{months}}か月間保存し、その後は削除または匿名化します。',
      },
      security: {
        title: '安全管理',
        body: '通信は暗号化され、パスワードはソルト付きハッシュとしてのみ保存されます。各店舗グループは自らのデータのみを閲覧できます。スタッフのアクセスは役割によって制限され、記録されます。',
      },
      rights: {
        title: 'お客様の権利',
        body: 'お客様は、担当店舗に対してご自身の情報の開示、訂正、削除を求めることができます。また、公式アカウントをブロックまたは削除することで、いつでもLINEサービスの利用を停止できます。',
      },
      cookies: {
        title: 'Cookieとローカルストレージ',
        body: '本プラットフォームは、スタッフのログイン状態の維持、不正なリクエストの防止、選択した店舗の記憶のためにのみCookieを使用し、選択した表示言語をブラウザに保存します。広告やトラッキング目的のCookieは使用しません。',
      },
      changes: {
        title: 'ポリシーの変更',
        body: 'サービスの変更に伴い、本ポリシーを改定することがあります。最新版は常にこのページに掲載します。',
      },
      contact: {
        title: 'お問い合わせ',
        body: '本ポリシーやお客様の情報に関するご質問は、担当店舗（例えば店舗のLINE公式アカウント）までお問い合わせください。',
      },
    },
    terms: {
      title: '利用規約',
      intro:
        '本規約は、GasOpsプラットフォームおよびこれを利用するLPガス販売事業者と店舗が提供するLINEメッセージサービスに適用されます。本サービスを利用することで、本規約に同意したものとみなされます。',
      service: {
        title: 'サービス内容',
        body: '本プラットフォームでは、お客様がガスおよび関連商品・サービスを注文でき、店舗は顧客、配送、ボンベ、残ガス装置、発票、カスタマーサービスを管理できます。LINE公式アカウントを通じて、店舗への連絡、注文・配送のお知らせの受信、よくある質問への自動回答の取得ができます。',
      },
      accounts: {
        title: 'アカウント',
        body: 'スタッフアカウントは店舗グループの管理者が作成します。パスワードは秘密にしてください。アカウントで行われた操作の責任はご本人が負います。不正利用の疑いがある場合は、直ちに管理者に連絡してください。',
      },
      orders: {
        title: '注文と支払い',
        body: '注文は店舗が受け付けた時点で成立します。価格は注文時に店舗が定めた価格です。注文は配達前であれば取り消すことができます。配送時間は目安です。',
      },
      line: {
        title: 'LINEメッセージサービス',
        body: 'LINEサービスはLINEプラットフォームに依存しており、LINEが利用できない場合は本サービスも利用できないことがあります。自動応答は一般的な情報提供のみを目的としています。緊急の場合は店舗に直接ご連絡ください。チャットでパスワードやカード番号を送信しないでください。',
      },
      safety: {
        title: 'ガスの安全',
        body: '残ガスの測定値と警告はスマートスケールによる推定値であり、安全点検に代わるものではありません。ガスの臭いがした場合は、ボンベのバルブを閉め、窓を開け、電気のスイッチや火気を使わずにその場を離れ、地域の緊急通報番号に連絡してください。',
      },
      conduct: {
        title: '禁止事項',
        body: '本サービスの不正利用、運用の妨害、権限のないデータへのアクセス、違法または迷惑な内容の送信を禁止します。',
      },
      retention: {
        title: 'データの保存',
        body: 'メッセージとデータは、プライバシーポリシーに記載のとおり、サービス提供期間中およびサービス終了後最長{{months}}か月間保存します。',
      },
      liability: {
        title: '責任の制限',
        body: '本サービスは現状有姿で提供されます。法令で認められる範囲で、サービスの中断、ネットワーク障害、第三者が送信した情報により生じた間接的な損害について、当社は責任を負いません。',
      },
      changes: {
        title: '規約の変更',
        body: '本規約は変更されることがあります。最新版は常にこのページに掲載し、変更後も本サービスを利用された場合は、変更に同意したものとみなします。',
      },
      contact: {
        title: 'お問い合わせ',
        body: '本規約に関するご質問は、担当店舗（例えば店舗のLINE公式アカウント）までお問い合わせください。',
      },
    },
  },
  'ms-MY': {
    privacy: {
      title: 'Dasar Privasi',
      intro:
        'Platform Perkhidmatan Pintar Penimbangan IoT GasOps ("platform") digunakan oleh pengedar silinder LPG dan kedai mereka ("kedai", "kami") untuk menerima pesanan, menghantar gas dan memastikan silinder selamat. Dasar ini menerangkan data peribadi yang dikendalikan oleh platform, termasuk melalui perkhidmatan pemesejan LINE kami, dan cara data itu dilindungi.',
      collect: {
        title: 'Maklumat yang kami kumpul',
        body: 'Apabila anda memesan gas atau menghubungi kedai, kami merekodkan nama, alamat penghantaran, nombor telefon, jenis pelanggan serta sejarah pesanan dan pembayaran anda. Jika penimbang pintar dipasang, kami juga merekodkan bacaan berat gas silinder anda.\n\nAkaun kakitangan merekodkan nama akaun, alamat e-mel, masa log masuk dan tindakan yang dilakukan dalam platform.',
      },
      line: {
        title: 'Perkhidmatan pemesejan LINE',
        body: 'Apabila anda menambah akaun rasmi LINE sesebuah kedai sebagai rakan, kami menerima ID pengguna LINE, nama paparan serta mesej, imej dan lokasi yang anda hantar. Kami menggunakannya untuk menjawab soalan anda, menerima pesanan, menghantar notis penghantaran dan baki gas, serta membalas soalan lazim secara automatik.\n\nPlatform LINE disediakan oleh pengendalinya di bawah dasar privasi pengendali itu sendiri; kami hanya menerima apa yang dihantar kepada kami oleh LINE Messaging API.',
      },
      use: {
        title: 'Cara kami menggunakan maklumat',
        body: 'Untuk memproses dan menghantar pesanan, mengeluarkan invois seragam apabila diperlukan, membuat bil kepada pelanggan bulanan, memberi amaran tentang baki gas yang rendah, menjadualkan pemeriksaan silinder, menjawab permintaan khidmat pelanggan dan memastikan perkhidmatan selamat. Kami tidak menjual data peribadi dan tidak menggunakannya untuk pengiklanan pihak ketiga.',
      },
      share: {
        title: 'Dengan siapa kami berkongsi',
        body: 'Data hanya dikongsi dengan kedai dan kakitangan penghantaran yang melayani anda, dengan platform e-invois apabila invois dikeluarkan, dan dengan penyedia perkhidmatan yang mengehoskan platform di bawah kewajipan kerahsiaan, atau apabila dikehendaki oleh undang-undang.',
      },
      retention: {
        title: 'Tempoh penyimpanan',
        body: 'Mesej dan data disimpan sepanjang perkhidmatan disediakan dan sehingga {{months}} bulan selepas perkhidmatan tamat. Selepas itu, ia dipadam atau dijadikan tanpa nama.',
      },
      security: {
        title: 'Keselamatan',
        body: 'Sambungan disulitkan, kata laluan hanya disimpan sebagai cincangan bergaram, dan setiap kumpulan kedai hanya melihat datanya sendiri. Akses kakitangan dihadkan mengikut peranan dan direkodkan.',
      },
      rights: {
        title: 'Hak anda',
        body: 'Anda boleh meminta kedai yang melayani anda untuk menunjukkan, membetulkan atau memadam data anda, dan anda boleh berhenti menggunakan perkhidmatan LINE pada bila-bila masa dengan menyekat atau membuang akaun rasmi tersebut.',
      },
      cookies: {
        title: 'Kuki dan storan tempatan',
        body: 'Platform menggunakan kuki hanya untuk mengekalkan log masuk kakitangan, melindungi daripada permintaan palsu dan mengingati kedai yang dipilih, serta menyimpan bahasa paparan pilihan dalam pelayar anda. Tiada kuki pengiklanan atau penjejakan digunakan.',
      },
      changes: {
        title: 'Perubahan pada dasar ini',
        body: 'Kami mungkin mengemas kini dasar ini apabila perkhidmatan berubah. Versi terkini sentiasa diterbitkan di halaman ini.',
      },
      contact: {
        title: 'Hubungi kami',
        body: 'Untuk sebarang soalan tentang dasar ini atau data anda, sila hubungi kedai yang melayani anda, contohnya melalui akaun rasmi LINE kedai tersebut.',
      },
    },
    terms: {
      title: 'Terma Perkhidmatan',
      intro:
        'Terma ini terpakai kepada platform GasOps dan perkhidmatan pemesejan LINE yang ditawarkan oleh pengedar dan kedai LPG yang menggunakannya. Dengan menggunakan perkhidmatan ini, anda bersetuju dengan terma ini.',
      service: {
        title: 'Perkhidmatan',
        body: 'Platform membolehkan pelanggan memesan gas serta produk dan perkhidmatan berkaitan, dan membolehkan kedai mengurus pelanggan, penghantaran, silinder, peranti baki gas, invois dan khidmat pelanggan. Melalui akaun rasmi LINE, anda boleh menghubungi kedai, menerima notis pesanan dan penghantaran, serta mendapat jawapan automatik kepada soalan lazim.',
      },
      accounts: {
        title: 'Akaun',
        body: 'Akaun kakitangan dicipta oleh pentadbir kumpulan kedai. Rahsiakan kata laluan anda; anda bertanggungjawab atas apa yang dilakukan dengan akaun anda. Maklumkan pentadbir anda dengan segera jika anda mengesyaki penyalahgunaan.',
      },
      orders: {
        title: 'Pesanan dan pembayaran',
        body: 'Pesanan disahkan apabila kedai menerimanya. Harga ialah harga yang ditetapkan oleh kedai pada masa pesanan dibuat. Pesanan boleh dibatalkan sehingga ia dihantar; masa penghantaran adalah anggaran.',
      },
      line: {
        title: 'Perkhidmatan pemesejan LINE',
        body: 'Perkhidmatan LINE bergantung pada platform LINE dan mungkin tidak tersedia apabila LINE tidak tersedia. Balasan automatik hanyalah maklumat umum; untuk perkara segera, hubungi kedai secara terus. Jangan hantar kata laluan atau nombor kad pembayaran melalui sembang.',
      },
      safety: {
        title: 'Keselamatan gas',
        body: 'Bacaan dan amaran baki gas ialah anggaran daripada penimbang pintar dan tidak menggantikan pemeriksaan keselamatan. Jika anda terhidu bau gas, tutup injap silinder, buka tingkap, jangan gunakan suis elektrik atau api terbuka, tinggalkan kawasan itu dan hubungi nombor kecemasan tempatan.',
      },
      conduct: {
        title: 'Penggunaan yang dibenarkan',
        body: 'Jangan salah guna perkhidmatan, mengganggu operasinya, mengakses data yang anda tidak dibenarkan melihat, atau menghantar kandungan yang menyalahi undang-undang atau kesat.',
      },
      retention: {
        title: 'Penyimpanan data',
        body: 'Mesej dan data disimpan sepanjang perkhidmatan disediakan dan sehingga {{months}} bulan selepas perkhidmatan tamat, seperti yang diterangkan dalam Dasar Privasi.',
      },
      liability: {
        title: 'Liabiliti',
        body: 'Perkhidmatan disediakan seadanya. Setakat yang dibenarkan oleh undang-undang, kami tidak bertanggungjawab atas kerugian tidak langsung akibat gangguan, kegagalan rangkaian atau maklumat yang dihantar oleh pihak ketiga.',
      },
      changes: {
        title: 'Perubahan pada terma ini',
        body: 'Kami mungkin mengubah terma ini. Versi terkini sentiasa diterbitkan di halaman ini; menggunakan perkhidmatan selepas sesuatu perubahan bermakna anda menerimanya.',
      },
      contact: {
        title: 'Hubungi kami',
        body: 'Untuk sebarang soalan tentang terma ini, sila hubungi kedai yang melayani anda, contohnya melalui akaun rasmi LINE kedai tersebut.',
      },
    },
  },
} as const satisfies Namespace;
