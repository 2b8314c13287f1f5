import { useRef, useState } from 'react';
import { Button, Input, Space, Typography, type InputRef } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { normaliseCode } from '@gasops/shared';
import { SmallTable } from '../../components/data-table';
import { CameraScanButton } from './camera-scan';

/**
 * Cylinder codes typed or scanned into a list: a keyboard-wedge scanner types a code and Enter, a
 * pasted column of codes adds them all; the same code twice is refused on the spot with the seed's
 * message. `errors` are the server's messages by line (`codes.<i>`).
 */
export function CodeList({
  codes,
  onChange,
  errors,
  max = 1000,
  testId = 'code',
  autoFocus = false,
}: {
  codes: string[];
  onChange: (codes: string[]) => void;
  errors?: Record<number, string>;
  max?: number;
  testId?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<InputRef>(null);

  const add = (raw: string) => {
    const incoming = raw
      .split(/[\s,;]+/)
      .map(normaliseCode)
      .filter(Boolean);
    if (incoming.length === 0) return;
    const next = [...codes];
    let message: string | null = null;
    for (const code of incoming) {
      if (next.includes(code)) message = `${t('feedback.validation.duplicateCylinder')}: ${code}`;
      else if (next.length >= max) message = t('feedback.validation.noSpace');
      else next.push(code);
    }
    setProblem(message);
    onChange(next);
    setText('');
    input.current?.focus();
  };

  return (
    <div>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          ref={input}
          value={text}
          autoFocus={autoFocus}
          autoComplete="off"
          placeholder={t('cylinders.ui.scanOrType')}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            add(text);
          }}
          onPaste={(e) => {
            const pasted = e.clipboardData.getData('text');
            if (/[\s,;]/.test(pasted.trim())) {
              e.preventDefault();
              add(pasted);
            }
          }}
          status={problem ? 'error' : undefined}
          data-testid={`${testId}-input`}
        />
        <CameraScanButton onCode={add} />
        <Button icon={<PlusOutlined />} onClick={() => add(text)} data-testid={`${testId}-add`} aria-label={t('common.add')} />
      </Space.Compact>
      {problem ? (
        <Typography.Text type="danger" data-testid={`${testId}-problem`}>
          {problem}
        </Typography.Text>
      ) : null}
      <div data-testid={`${testId}-list`}>
        <SmallTable
          style={{ marginTop: 8 }}
          rowKey="code"
          pageSize={10}
          rows={codes.map((code, i) => ({ i, code }))}
          locale={{ emptyText: t('cylinders.ui.noCodesYet') }}
          columns={[
            { title: '#', dataIndex: 'i', width: 48, render: (i: number) => i + 1 },
            {
              title: t('cylinders.field.codes'),
              dataIndex: 'code',
              render: (code: string, r) => (
                <span>
                  <Typography.Text strong>{code}</Typography.Text>
                  {errors?.[r.i] ? (
                    <Typography.Text type="danger" style={{ marginInlineStart: 8 }}>
                      {errors[r.i]}
                    </Typography.Text>
                  ) : null}
                </span>
              ),
            },
            {
              key: 'remove',
              width: 48,
              render: (_: unknown, r) => (
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('common.delete')}
                  onClick={() => onChange(codes.filter((_c, j) => j !== r.i))}
                />
              ),
            },
          ]}
        />
      </div>
      <Typography.Text type="secondary">{t('cylinders.ui.codeCount', { count: codes.length })}</Typography.Text>
    </div>
  );
}
