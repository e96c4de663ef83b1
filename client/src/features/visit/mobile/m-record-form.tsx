/**
 * A new 拜访记录 on the phone: the desktop form's fields and rules (shared/src/visit/schemas.ts,
 * `addBaifangRecords`) with plain inputs — the phone's own date and time pickers, no antd. It can
 * also move the client's status and next visit date, as on the desktop. With `record`, that record
 * is edited instead (ext `updateBaifangRecords`): its own fields only, as on the desktop.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { BaifangClient, BaifangRecord, BaifangRecordBody, VisitStatus, VisitWay } from '@shared/visit/types';
import { DICT_TYPES } from '@shared/system/types';
import { schemaProblem } from '@shared/contract/form-rules';
import { baifangRecordBody } from '@shared/visit/schemas';
import { parseTime } from '@shared/time';
import { useDict } from '../../../components/dict-label';
import { Chips } from '../../../components/mobile/m-list-parts';
import { feedback } from '../../../lib/feedback';
import { formFailure } from '../../../lib/form-failure';
import { useAddRecord, useUpdateRecord } from '../visit-mutations';

const { shape } = baifangRecordBody;

/** `<input type="datetime-local">` speaks `yyyy-MM-ddTHH:mm`; the API `yyyy-MM-dd HH:mm:ss`. */
const fromLocalInput = (value: string) => (value ? `${value.replace('T', ' ')}:00` : '');
const toLocalInput = (time: string) => time.slice(0, 16).replace(' ', 'T');

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="m-field">
      <span>{label}</span>
      {children}
    </label>
  );
}

/** For one client, a new record; or one record, edited. */
type Target = { client: BaifangClient; record?: undefined } | { record: BaifangRecord; client?: undefined };

export function MobileRecordForm({ client, record, onDone }: Target & { onDone: () => void }) {
  const ways = useDict(DICT_TYPES.visitWay);
  const statuses = useDict(DICT_TYPES.visitStatus);
  const add = useAddRecord();
  const update = useUpdateRecord();
  const [values, setValues] = useState(() => ({
    // A new record: now in Shanghai wall time, whatever zone the phone is in (the backend's zone).
    visitTime: record ? toLocalInput(record.visitTime) : parseTime(Date.now(), 'YYYY-MM-DDTHH:mm'),
    way: record?.way ?? ('1' as VisitWay),
    content: record?.content ?? '',
    result: record?.result ?? '',
    nextStep: record?.nextStep ?? '',
    status: '' as VisitStatus | '',
    nextVisitDate: '',
  }));
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));
  const title = record ? '编辑拜访记录' : '写拜访记录';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The record's own fields, the same for a new record and an edited one.
    const fields = {
      visitTime: fromLocalInput(values.visitTime),
      way: values.way,
      content: values.content.trim(),
      result: values.result.trim(),
      nextStep: values.nextStep.trim(),
    };
    const problem =
      (fields.visitTime ? null : '请选择拜访时间') ??
      schemaProblem(shape.visitTime, fields.visitTime, { invalid: '请选择拜访时间' }) ??
      schemaProblem(shape.content, fields.content, { required: '请填写拜访内容', invalid: '拜访内容不能超过 1000 个字符' }) ??
      schemaProblem(shape.result, fields.result, { invalid: '拜访结果不能超过 500 个字符' }) ??
      schemaProblem(shape.nextStep, fields.nextStep, { invalid: '下一步计划不能超过 500 个字符' });
    if (problem) return setError(problem);
    setError(null);
    const onError = (caught: unknown) => setError(formFailure(caught));
    if (record) {
      update.mutate(
        { id: record.id, ...fields },
        {
          onSuccess() {
            feedback.success('拜访记录已保存');
            onDone();
          },
          onError,
        },
      );
      return;
    }
    const body: BaifangRecordBody = {
      clientId: client.id,
      ...fields,
      // Left empty, the client's status and next date stay as they are.
      ...(values.status ? { status: values.status } : {}),
      ...(values.nextVisitDate ? { nextVisitDate: values.nextVisitDate } : {}),
    };
    add.mutate(body, {
      onSuccess(saved) {
        feedback.success(`已记录对「${saved.companyName}」的拜访`);
        onDone();
      },
      onError,
    });
  };

  return (
    <form className="m-form m-card" onSubmit={onSubmit} noValidate aria-label={title}>
      <h2>{title}</h2>
      <Field label="拜访时间">
        <input type="datetime-local" value={values.visitTime} onChange={set('visitTime')} required />
      </Field>
      <div className="m-field">
        <span>拜访方式</span>
        <Chips
          label="拜访方式"
          any={null}
          options={ways.map((way) => ({ value: way.dictValue as VisitWay, label: way.dictLabel }))}
          value={values.way}
          onChange={(way) => way && setValues((current) => ({ ...current, way }))}
        />
      </div>
      <Field label="拜访内容">
        <textarea rows={4} maxLength={1000} value={values.content} onChange={set('content')} placeholder="见了谁、谈了什么" />
      </Field>
      <Field label="拜访结果">
        <textarea rows={2} maxLength={500} value={values.result} onChange={set('result')} placeholder="如：对方有意向，需报价" />
      </Field>
      <Field label="下一步计划">
        <textarea rows={2} maxLength={500} value={values.nextStep} onChange={set('nextStep')} placeholder="如：下周提交方案" />
      </Field>
      {record ? null : (
        <>
          <Field label="更新跟进状态">
            <select value={values.status} onChange={set('status')}>
              <option value="">保持不变</option>
              {statuses.map((status) => (
                <option key={status.dictValue} value={status.dictValue}>
                  {status.dictLabel}
                </option>
              ))}
            </select>
          </Field>
          <Field label="下次拜访日期">
            <input type="date" value={values.nextVisitDate} onChange={set('nextVisitDate')} />
          </Field>
        </>
      )}
      {error ? (
        <p className="m-alert m-alert-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="m-form-actions">
        <button type="button" className="m-button" onClick={onDone}>
          取消
        </button>
        {/* Not disabled while busy: a second tap must reach the duplicate-submit guard (spec §5). */}
        <button type="submit" className="m-button m-button-primary">
          {add.isPending || update.isPending ? '保存中' : record ? '保存修改' : '保存记录'}
        </button>
      </div>
    </form>
  );
}
