import type { ReactNode } from 'react';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The totals row under a table (its `summary`): "Total" in the first column, then one right-aligned cell per column. */
export function TotalsRow({ cells }: { cells: ReactNode[] }) {
  const { t } = useTranslation();
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0}>
        <Typography.Text strong>{t('common.totalRow')}</Typography.Text>
      </Table.Summary.Cell>
      {cells.map((cell, i) => (
        <Table.Summary.Cell key={i} index={i + 1} align="right">
          {cell}
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}
