import Search from 'antd/es/input/Search';
import { useTranslation } from 'react-i18next';

/** The keyword search of a list: trims, and reports an empty search as no keyword. */
export function SearchBox({
  placeholder,
  onSearch,
  testId = 'list-search',
  width = 280,
}: {
  placeholder?: string;
  onSearch: (value: string | undefined) => void;
  testId?: string;
  width?: number;
}) {
  const { t } = useTranslation();
  return (
    <Search
      allowClear
      placeholder={placeholder || t('common.keyword')}
      onSearch={(v) => onSearch(v.trim() || undefined)}
      style={{ width, maxWidth: '100%' }}
      data-testid={testId}
      enterButton={t('common.search')}
    />
  );
}
