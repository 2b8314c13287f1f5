import type { ReactNode } from 'react';
import { Card, Col, Row, Statistic } from 'antd';

type StatItem = { key: string; title: ReactNode; value: ReactNode; testId?: string; color?: string };

/** A row of summary figures (reports, the financial overview). */
export function StatCards({ items }: { items: StatItem[] }) {
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
      {items.map((s) => (
        <Col key={s.key} xs={12} sm={8} lg={Math.max(4, Math.floor(24 / Math.max(items.length, 1)))}>
          <Card size="small" data-testid={s.testId}>
            <Statistic title={s.title} valueRender={() => <span style={{ fontSize: 20, color: s.color }}>{s.value}</span>} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
