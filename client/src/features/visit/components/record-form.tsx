/**
 * A new 拜访记录: when, how (电话/上门/微信/其他), what was said, the result and the next step; it
 * can also move the client's status and next visit date (the backend updates the client with the
 * record). For one client (from its detail or card) or any client chosen in the dialog. With
 * `record`, that record is edited instead (ext `updateBaifangRecords`): its own fields only.
 */
import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Form, Input, Modal, Radio, Select, type FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { BaifangClient, BaifangRecord, BaifangRecordBody, VisitStatus, VisitWay } from '@shared/visit/types';
import { DICT_TYPES } from '@shared/system/types';
import { toAntdRule } from '@shared/contract/form-rules';
import { baifangRecordBody } from '@shared/visit/schemas';
import { useDict } from '../../../components/dict-label';
import { feedback } from '../../../lib/feedback';
import { formFailure } from '../../../lib/form-failure';
import { DATE, DATE_TIME, pickerText, pickerValue } from '../visit-dates';
import { useAddRecord, useUpdateRecord } from '../visit-mutations';

interface RecordValues {
  clientId: number;
  visitTime: Dayjs;
  way: VisitWay;
  content: string;
  result?: string;
  nextStep?: string;
  status?: VisitStatus;
  nextVisitDate?: Dayjs | null;
}

const { shape } = baifangRecordBody;
/** visitTime is a DatePicker's Dayjs here, formatted for the API on submit: antd checks presence. */
const FIELD_RULES: Record<'clientId' | 'visitTime' | 'content' | 'result' | 'nextStep', FormRule[]> = {
  clientId: [toAntdRule(shape.clientId, { required: '请选择拜访的客户' })],
  visitTime: [{ required: true, message: '请选择拜访时间' }],
  content: [toAntdRule(shape.content, { required: '请填写拜访内容', invalid: '拜访内容不能超过 1000 个字符' })],
  result: [toAntdRule(shape.result, { invalid: '拜访结果不能超过 500 个字符' })],
  nextStep: [toAntdRule(shape.nextStep, { invalid: '下一步计划不能超过 500 个字符' })],
};

function initialValues(client: BaifangClient | null, record: BaifangRecord | undefined): Partial<RecordValues> {
  if (!record) return { clientId: client?.id, visitTime: pickerValue(), way: '1' };
  const { clientId, way, content, result, nextStep } = record;
  return { clientId, visitTime: pickerValue(record.visitTime, DATE_TIME), way, content, result, nextStep };
}

export function RecordFormModal({
  client,
  clients,
  record,
  onClose,
}: {
  /** The client the record is for; null: chosen in the dialog from `clients`. */
  client: BaifangClient | null;
  clients?: readonly BaifangClient[];
  /** The record to edit; absent for a new one. */
  record?: BaifangRecord;
  onClose: () => void;
}) {
  const [form] = Form.useForm<RecordValues>();
  const ways = useDict(DICT_TYPES.visitWay);
  const statuses = useDict(DICT_TYPES.visitStatus);
  const add = useAddRecord();
  const update = useUpdateRecord();
  const [error, setError] = useState<string | null>(null);
  const pending = add.isPending || update.isPending;

  const onFinish = (values: RecordValues) => {
    setError(null);
    // The record's own fields, the same for a new record and an edited one.
    const fields = {
      visitTime: pickerText(values.visitTime, DATE_TIME) ?? '',
      way: values.way,
      content: values.content.trim(),
      result: values.result?.trim() ?? '',
      nextStep: values.nextStep?.trim() ?? '',
    };
    if (record) {
      update.mutate(
        { id: record.id, ...fields },
        {
          onSuccess() {
            feedback.success('拜访记录已保存');
            onClose();
          },
          onError: (caught) => setError(formFailure(caught)),
        },
      );
      return;
    }
    const nextVisitDate = pickerText(values.nextVisitDate, DATE);
    const body: BaifangRecordBody = {
      clientId: values.clientId,
      ...fields,
      // Left empty, the client's status and next date stay as they are.
      ...(values.status ? { status: values.status } : {}),
      ...(nextVisitDate ? { nextVisitDate } : {}),
    };
    add.mutate(body, {
      onSuccess(record) {
        feedback.success(`已记录对「${record.companyName}」的拜访`);
        onClose();
      },
      onError: (caught) => setError(formFailure(caught)),
    });
  };

  return (
    <Modal
      open
      title={record ? `编辑拜访记录 · ${record.companyName}` : client ? `写拜访记录 · ${client.companyName}` : '写拜访记录'}
      onCancel={onClose}
      footer={null}
      width={640}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form<RecordValues>
        form={form}
        layout="vertical"
        className="member-form"
        initialValues={initialValues(client, record)}
        onFinish={onFinish}
        onValuesChange={() => setError(null)}
        onFocus={feedback.preload}
      >
        {client || record ? (
          <Form.Item name="clientId" hidden>
            <Input />
          </Form.Item>
        ) : (
          <Form.Item name="clientId" label="客户" rules={FIELD_RULES.clientId}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="选择客户单位"
              aria-label="客户"
              options={(clients ?? []).map((c) => ({ value: c.id, label: c.companyName }))}
              notFoundContent="没有匹配的客户"
            />
          </Form.Item>
        )}
        <div className="form-row">
          <Form.Item name="visitTime" label="拜访时间" rules={FIELD_RULES.visitTime}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} aria-label="拜访时间" />
          </Form.Item>
          <Form.Item name="way" label="拜访方式">
            <Radio.Group optionType="button" options={ways.map((w) => ({ value: w.dictValue, label: w.dictLabel }))} />
          </Form.Item>
        </div>
        <Form.Item name="content" label="拜访内容" rules={FIELD_RULES.content}>
          <Input.TextArea rows={4} maxLength={1000} showCount placeholder="见了谁、谈了什么" />
        </Form.Item>
        <div className="form-row">
          <Form.Item name="result" label="拜访结果" rules={FIELD_RULES.result}>
            <Input.TextArea rows={2} maxLength={500} placeholder="如：对方有意向，需报价" />
          </Form.Item>
          <Form.Item name="nextStep" label="下一步计划" rules={FIELD_RULES.nextStep}>
            <Input.TextArea rows={2} maxLength={500} placeholder="如：下周提交方案" />
          </Form.Item>
        </div>
        {record ? null : (
          <div className="form-row">
            <Form.Item name="status" label="更新跟进状态" extra="不选则保持不变">
              <Select
                allowClear
                placeholder="保持不变"
                aria-label="更新跟进状态"
                options={statuses.map((s) => ({ value: s.dictValue, label: s.dictLabel }))}
              />
            </Form.Item>
            <Form.Item name="nextVisitDate" label="下次拜访" extra="不选则保持不变">
              <DatePicker style={{ width: '100%' }} placeholder="选择日期" aria-label="下次拜访日期" />
            </Form.Item>
          </div>
        )}
        {error ? <Alert type="error" showIcon title={error} className="form-alert" /> : null}
        <div className="form-actions">
          <Button onClick={onClose}>取消</Button>
          {/* Not disabled while busy: a second click must reach the duplicate-submit guard (spec §5). */}
          <Button type="primary" htmlType="submit" icon={pending ? <LoadingOutlined /> : undefined}>
            {record ? '保存修改' : '保存记录'}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
