/**
 * New or edited 拜访客户: typed in, or picked from a project's companies (DOMAIN.md). Field rules
 * are the contract's client schema, worded for the user; a refused save keeps the dialog open
 * with everything typed and says why beside the form.
 */
import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Form, Input, Modal, Segmented, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { RouteLink } from '../../../components/route-link';
import type { BaifangClient, BaifangClientBody, VisitStatus } from '@shared/visit/types';
import { DICT_TYPES } from '@shared/system/types';
import { FORM_MESSAGES, toAntdRule, type AntdRuleLike } from '@shared/contract/form-rules';
import { baifangClientBody } from '@shared/visit/schemas';
import { useDict } from '../../../components/dict-label';
import { feedback } from '../../../lib/feedback';
import { detailPath } from '@shared/content/paths';
import { formFailure } from '../../../lib/form-failure';
import { DATE, pickerText, pickerValue } from '../visit-dates';
import { useSaveClient } from '../visit-mutations';
import { ProjectCompanyPicker, START, isMasked, type PickedCompany, type PickerState } from './project-company-picker';

interface ClientValues {
  companyName: string;
  contact?: string;
  phone?: string;
  status: VisitStatus;
  nextVisitDate?: Dayjs | null;
  remark?: string;
}

const { shape } = baifangClientBody;
const FIELD_RULES: Record<'companyName' | 'contact' | 'phone' | 'remark', AntdRuleLike[]> = {
  companyName: [toAntdRule(shape.companyName, { required: '请输入客户单位名称', invalid: '单位名称不能超过 100 个字符' })],
  contact: [toAntdRule(shape.contact, { invalid: '联系人不能超过 30 个字符' })],
  phone: [toAntdRule(shape.phone, { invalid: FORM_MESSAGES.phone })],
  remark: [toAntdRule(shape.remark, { invalid: '备注不能超过 500 个字符' })],
};

function valuesOf(client: BaifangClient): Partial<ClientValues> {
  return {
    companyName: client.companyName,
    contact: client.contact,
    phone: client.phone,
    status: client.status,
    nextVisitDate: client.nextVisitDate ? pickerValue(client.nextVisitDate, DATE) : null,
    remark: client.remark,
  };
}

/** A picked company: its name, and its contact only where it is not masked. */
function pickedValues({ company }: PickedCompany): Partial<ClientValues> {
  return {
    companyName: company.companyName,
    contact: isMasked(company.contact) ? '' : company.contact,
    phone: isMasked(company.phone) ? '' : company.phone,
    status: '0',
  };
}

function ClientFields({
  editing,
  initial,
  fromProject,
  onDone,
  onCancel,
}: {
  /** The client being edited; null for a new one. */
  editing: BaifangClient | null;
  initial: Partial<ClientValues>;
  /** A new client picked from a project's companies: the project is its source. */
  fromProject: PickedCompany | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<ClientValues>();
  const statuses = useDict(DICT_TYPES.visitStatus);
  const save = useSaveClient();
  const [error, setError] = useState<string | null>(null);

  const onFinish = (values: ClientValues) => {
    setError(null);
    const body: BaifangClientBody = {
      companyName: values.companyName.trim(),
      contact: values.contact?.trim() ?? '',
      phone: values.phone?.trim() ?? '',
      status: values.status,
      nextVisitDate: pickerText(values.nextVisitDate, DATE),
      remark: values.remark?.trim() ?? '',
      ...(editing ? {} : { sourceType: fromProject ? 'xmk' : 'manual', sourceId: fromProject?.projectId ?? null }),
    };
    save.mutate(editing ? { ...body, id: editing.id } : body, {
      onSuccess(saved) {
        feedback.success(editing ? '客户已保存' : `已新增客户「${saved.companyName}」`);
        onDone();
      },
      onError: (caught) => setError(formFailure(caught)),
    });
  };

  return (
    <Form<ClientValues>
      form={form}
      layout="vertical"
      className="member-form"
      initialValues={initial}
      onFinish={onFinish}
      onValuesChange={() => setError(null)}
      onFocus={feedback.preload}
    >
      {fromProject ? (
        <p className="form-source">
          来源项目：
          <RouteLink to={detailPath('xmk', fromProject.projectId)} target="_blank">
            {fromProject.projectTitle}
          </RouteLink>
        </p>
      ) : null}
      <Form.Item name="companyName" label="客户单位" rules={FIELD_RULES.companyName}>
        <Input maxLength={100} placeholder="如：山东某某建设集团有限公司" />
      </Form.Item>
      <div className="form-row">
        <Form.Item name="contact" label="联系人" rules={FIELD_RULES.contact}>
          <Input maxLength={30} placeholder="姓名" />
        </Form.Item>
        <Form.Item name="phone" label="联系电话" rules={FIELD_RULES.phone}>
          <Input maxLength={30} inputMode="tel" placeholder="手机或座机，如 0531-88888888" />
        </Form.Item>
      </div>
      <div className="form-row">
        <Form.Item name="status" label="跟进状态">
          <Select options={statuses.map((s) => ({ value: s.dictValue, label: s.dictLabel }))} aria-label="跟进状态" />
        </Form.Item>
        <Form.Item name="nextVisitDate" label="下次拜访">
          <DatePicker style={{ width: '100%' }} placeholder="选择日期" aria-label="下次拜访日期" />
        </Form.Item>
      </div>
      <Form.Item name="remark" label="备注" rules={FIELD_RULES.remark}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="客户特点、关注点等" />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} className="form-alert" /> : null}
      <div className="form-actions">
        <Button onClick={onCancel}>取消</Button>
        {/* Not disabled while busy: a second click must reach the duplicate-submit guard (spec §5). */}
        <Button type="primary" htmlType="submit" icon={save.isPending ? <LoadingOutlined /> : undefined}>
          {editing ? '保存' : '新增客户'}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The dialog. `client` null: a new client, from a project or typed in; otherwise that client.
 * Rendered only while open, so each opening starts from the client's current values.
 */
export function ClientFormModal({ client, onClose }: { client: BaifangClient | null; onClose: () => void }) {
  const [mode, setMode] = useState<'project' | 'manual'>('project');
  const [picker, setPicker] = useState<PickerState>(START);
  const [picked, setPicked] = useState<PickedCompany | null>(null);

  let body: ReactNode;
  if (client) {
    body = <ClientFields editing={client} initial={valuesOf(client)} fromProject={null} onDone={onClose} onCancel={onClose} />;
  } else if (picked) {
    body = (
      <>
        <button type="button" className="picker-back" onClick={() => setPicked(null)}>
          ‹ 返回单位列表
        </button>
        <ClientFields editing={null} initial={pickedValues(picked)} fromProject={picked} onDone={onClose} onCancel={onClose} />
      </>
    );
  } else {
    body = (
      <>
        <Segmented<'project' | 'manual'>
          block
          className="form-mode"
          value={mode}
          onChange={(value) => setMode(value)}
          options={[
            { value: 'project', label: '从项目添加' },
            { value: 'manual', label: '手动填写' },
          ]}
        />
        {mode === 'project' ? (
          <ProjectCompanyPicker state={picker} onChange={setPicker} onPick={setPicked} />
        ) : (
          <ClientFields editing={null} initial={{ status: '0' }} fromProject={null} onDone={onClose} onCancel={onClose} />
        )}
      </>
    );
  }

  return (
    <Modal
      open
      title={client ? '编辑客户' : '新增客户'}
      onCancel={onClose}
      footer={null}
      width={600}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
