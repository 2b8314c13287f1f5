import { Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** How the residual gas screens show a device's state: its alert tags and its fill level. */

const ALERT_COLORS: Record<string, string> = { lowGas: 'red', leak: 'magenta', offline: 'default', lowBattery: 'orange' };

/** One coloured tag per open alert kind. */
export function AlertTags({ kinds }: { kinds: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <>
      {kinds.map((k) => (
        <Tag key={k} color={ALERT_COLORS[k]} data-testid={`alert-tag-${k}`}>
          {t(`iot.alert.${k}`)}
        </Tag>
      ))}
    </>
  );
}

/** The fill level of a cylinder, red below 20 %. */
export function PercentBar({ percent }: { percent: number | null }) {
  if (percent === null) return null;
  return (
    <Progress
      percent={percent}
      size="small"
      status={percent < 20 ? 'exception' : 'normal'}
      format={(p) => `${p?.toFixed(1)}%`}
      style={{ minWidth: 120 }}
    />
  );
}
