import type { Namespace } from './types.js';

/** Login pages, the user menu, the store switcher and the password change dialog. */
export const auth = {
  'zh-TW': {
    loginTitle: '後台登入', fieldLoginTitle: '外勤人員登入', account: '帳號', password: '密碼', login: '登入', logout: '登出',
    oldPassword: '舊密碼', newPassword: '新密碼', confirmPassword: '確認新密碼', changePassword: '變更密碼',
    passwordHint: '至少 8 個字元並包含數字', currentStore: '目前門市', switchStore: '切換門市', profile: '個人資料',
    toFieldLogin: '外勤人員請由此登入', toManagerLogin: '管理者登入', welcome: '歡迎，{{name}}', noStore: '尚未指派門市',
  },
  'en-US': {
    loginTitle: 'Back-office login', fieldLoginTitle: 'Field staff login', account: 'Account', password: 'Password', login: 'Log in', logout: 'Log out',
    oldPassword: 'Old password', newPassword: 'New password', confirmPassword: 'Confirm new password', changePassword: 'Change password',
    passwordHint: 'At least 8 characters including a number', currentStore: 'Current store', switchStore: 'Switch store', profile: 'Profile',
    toFieldLogin: 'Field staff log in here', toManagerLogin: 'Manager login', welcome: 'Welcome, {{name}}', noStore: 'No store assigned',
  },
  'zh-CN': {
    loginTitle: '后台登录', fieldLoginTitle: '外勤人员登录', account: '账号', password: '密码', login: '登录', logout: '退出登录',
    oldPassword: '旧密码', newPassword: '新密码', confirmPassword: '确认新密码', changePassword: '修改密码',
    passwordHint: '至少 8 个字符并包含数字', currentStore: '当前门店', switchStore: '切换门店', profile: '个人资料',
    toFieldLogin: '外勤人员请由此登录', toManagerLogin: '管理者登录', welcome: '欢迎，{{name}}', noStore: '尚未指派门店',
  },
  'ja-JP': {
    loginTitle: '管理画面ログイン', fieldLoginTitle: '現場スタッフログイン', account: 'アカウント', password: 'パスワード', login: 'ログイン', logout: 'ログアウト',
    oldPassword: '旧パスワード', newPassword: '新しいパスワード', confirmPassword: '新しいパスワード（確認）', changePassword: 'パスワード変更',
    passwordHint: '数字を含む8文字以上', currentStore: '現在の店舗', switchStore: '店舗を切り替え', profile: 'プロフィール',
    toFieldLogin: '現場スタッフはこちらからログイン', toManagerLogin: '管理者ログイン', welcome: 'ようこそ、{{name}} さん', noStore: '店舗が割り当てられていません',
  },
  'ms-MY': {
    loginTitle: 'Log masuk pejabat', fieldLoginTitle: 'Log masuk kakitangan lapangan', account: 'Akaun', password: 'Kata laluan', login: 'Log masuk', logout: 'Log keluar',
    oldPassword: 'Kata laluan lama', newPassword: 'Kata laluan baharu', confirmPassword: 'Sahkan kata laluan baharu', changePassword: 'Tukar kata laluan',
    passwordHint: 'Lebih daripada 8 aksara termasuk nombor', currentStore: 'Kedai semasa', switchStore: 'Tukar kedai', profile: 'Profil',
    toFieldLogin: 'Kakitangan lapangan log masuk di sini', toManagerLogin: 'Log masuk pengurus', welcome: 'Selamat datang, {{name}}', noStore: 'Tiada kedai ditetapkan',
  },
} as const satisfies Namespace;
