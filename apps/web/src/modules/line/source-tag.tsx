import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContactSource } from '@gasops/shared';

/** Where a contact came from, as a tag (the contact list and the reply dialog). */
export function SourceTag({ source }: { source: ContactSource }) {
  const { t } = useTranslation();
  return <Tag color={source === 'line' ? 'green' : 'blue'}>{t(`line.source.${source}`)}</Tag>;
}
