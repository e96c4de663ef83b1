/**
 * 我的订阅 on the phone (capability `alerts`): the profile's subscription first (changed on 订阅招标),
 * then the alert subscriptions with the places used, each editable in a bottom sheet — name,
 * keywords with 任一/全部 (shared/src/alerts/match.ts), cities as chips, notice types, on or off.
 * Exclude words, amounts and counties set on the desktop are kept as they are and shown.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { RouteLink } from '../../../components/route-link';
import {
  DEFAULT_MATCH_MODE,
  MATCH_MODE_HINTS,
  MATCH_MODE_LABELS,
  MATCH_MODES,
  SUBSCRIPTION_LIMITS,
  SUBSCRIPTION_TEXT_MAX,
  type MatchMode,
} from '@shared/alerts/match';
import { MOBILE_PATHS } from '@shared/routes';
import { DICT_TYPES } from '@shared/system/types';
import { useDict } from '../../../components/dict-label';
import { MobileMemberPage } from '../../../components/mobile/m-member-page';
import { BottomSheet } from '../../../components/mobile/m-list-parts';
import { useHttp } from '../../../lib/http/context';
import type { PageLoadArgs } from '../../../lib/page';
import { citiesOf, regionName } from '../../../lib/region';
import { useSession } from '../../../lib/session';
import { PROFILE_SUBSCRIPTION_NAME, useProfileSubscription } from '../../member/components/profile-subscription';
import { subscriptionsQueryOptions, type Subscription, type SubscriptionBody } from '../api';
import { amountRange, NEW_SUBSCRIPTION, subscriptionWords, useDeleteSubscription, useSaveSubscription } from '../subscription-editing';

const NAME_MAX = SUBSCRIPTION_TEXT_MAX.name;
const KEYWORDS_MAX = SUBSCRIPTION_TEXT_MAX.words;

export function load({ deps }: PageLoadArgs) {
  return deps.queryClient.fetchQuery({ ...subscriptionsQueryOptions(deps.http), staleTime: 0 });
}

function Editor({ editing, onDone }: { editing: Subscription | null; onDone: () => void }) {
  const regions = useDict(DICT_TYPES.region);
  const types = useDict(DICT_TYPES.zbNoticeType);
  const [body, setBody] = useState<SubscriptionBody>(() => {
    if (!editing) return NEW_SUBSCRIPTION;
    const { id: _id, createTime: _created, ...fields } = editing;
    return fields;
  });
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSubscription(editing, onDone, setError);
  const change = (patch: Partial<SubscriptionBody>) => {
    setError(null);
    setBody((current) => ({ ...current, ...patch }));
  };
  const toggle = (list: readonly string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  const cities = citiesOf(regions);
  const counties = body.areaCodes.filter((code) => !cities.some((city) => city.dictValue === code));
  const mode = body.matchMode ?? DEFAULT_MATCH_MODE;
  const submit = () => {
    const input = { ...body, name: body.name.trim(), keywords: subscriptionWords(body.keywords) };
    if (input.name === '') return setError('请填写订阅名称');
    if (input.keywords === '' && input.areaCodes.length === 0) return setError('请至少填写一个关键词或选择一个地区');
    save.mutate(input);
  };
  return (
    <form
      className="m-subscription-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="m-sheet-body">
        <label className="m-field">
          <span>订阅名称</span>
          <input
            name="name"
            value={body.name}
            maxLength={NAME_MAX}
            placeholder="如：济南道路工程"
            onChange={(e) => change({ name: e.target.value })}
          />
        </label>
        <label className="m-field">
          <span>关键词</span>
          <input
            name="keywords"
            value={body.keywords}
            maxLength={KEYWORDS_MAX}
            placeholder="如：道路 桥梁 市政"
            enterKeyHint="done"
            onChange={(e) => change({ keywords: e.target.value })}
          />
        </label>
        <div className="m-choice" role="radiogroup" aria-label="匹配方式">
          {MATCH_MODES.map((m: MatchMode) => (
            <label key={m}>
              <input type="radio" name="matchMode" checked={mode === m} onChange={() => change({ matchMode: m })} />
              {MATCH_MODE_LABELS[m]}
            </label>
          ))}
        </div>
        <p className="m-muted">{`多个关键词用空格分隔；${MATCH_MODE_HINTS[mode]}。关键词和地区至少填一项。`}</p>
        <h3 id="m-sub-regions">地区</h3>
        <div className="m-chips" role="group" aria-labelledby="m-sub-regions">
          {[...cities.map((city) => city.dictValue), ...counties].map((code) => (
            <button
              key={code}
              type="button"
              role="checkbox"
              aria-checked={body.areaCodes.includes(code)}
              className="m-chip"
              onClick={() => change({ areaCodes: toggle(body.areaCodes, code) })}
            >
              {regionName(regions, code)}
            </button>
          ))}
        </div>
        <h3 id="m-sub-types">公告类型</h3>
        <div className="m-chips" role="group" aria-labelledby="m-sub-types">
          {types.map((t) => (
            <button
              key={t.dictValue}
              type="button"
              role="checkbox"
              aria-checked={body.noticeTypes.includes(t.dictValue)}
              className="m-chip"
              onClick={() => change({ noticeTypes: toggle(body.noticeTypes, t.dictValue) })}
            >
              {t.dictLabel}
            </button>
          ))}
        </div>
        <p className="m-muted">不选则为全省、全部类型；区县、排除词和金额在电脑版设置。</p>
        <label className="m-check">
          <input type="checkbox" checked={body.enabled} onChange={(e) => change({ enabled: e.target.checked })} />
          启用这条订阅
        </label>
        {error ? (
          <p className="m-alert m-alert-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="m-sheet-actions">
        <button type="button" className="m-button" onClick={onDone}>
          取消
        </button>
        <button type="submit" className="m-button m-button-primary">
          {save.isPending ? '正在保存…' : editing ? '保存订阅' : '确定添加'}
        </button>
      </div>
    </form>
  );
}

export function Component() {
  const { data: subscriptions } = useSuspenseQuery(subscriptionsQueryOptions(useHttp()));
  const profile = useProfileSubscription();
  const regions = useDict(DICT_TYPES.region);
  const limit = SUBSCRIPTION_LIMITS[useSession().member_info?.level ?? '0'];
  const full = subscriptions.length >= limit;
  const [editing, setEditing] = useState<Subscription | 'new' | null>(null);
  const close = useCallback(() => setEditing(null), []);
  const { onDelete, deleting } = useDeleteSubscription();
  return (
    <MobileMemberPage title="我的订阅" desktop="/user/alerts?tab=subscriptions">
      <section className="m-card m-subscription-card" aria-label={PROFILE_SUBSCRIPTION_NAME}>
        <h2>
          {PROFILE_SUBSCRIPTION_NAME} <span className="m-tag">{profile.active ? '已启用' : '未设置'}</span>
        </h2>
        <p>
          <span className="m-muted">关键词</span>{' '}
          {profile.keywords.length > 0 ? `${profile.keywords.join('、')}（${MATCH_MODE_LABELS.any}）` : '不限'}
        </p>
        <p>
          <span className="m-muted">地区</span> {profile.regions.length > 0 ? profile.regions.join('、') : '全省'}
        </p>
        <RouteLink className="m-toolbar-link" to={MOBILE_PATHS.bidding}>
          在订阅招标中修改
        </RouteLink>
      </section>
      <div className="m-toolbar">
        <p className="m-count">{`已用 ${subscriptions.length}/${limit}`}</p>
        <button type="button" className="m-button m-button-primary" disabled={full} onClick={() => setEditing('new')}>
          {full ? '已达上限' : '添加订阅'}
        </button>
      </div>
      {subscriptions.length === 0 ? <p className="m-empty">还没有其他订阅。添加关键词或地区，匹配的新招标会提醒您。</p> : null}
      {subscriptions.map((s) => (
        <section
          key={s.id}
          className={s.enabled ? 'm-card m-subscription-card' : 'm-card m-subscription-card is-disabled'}
          aria-label={s.name}
        >
          <h2>
            {s.name} <span className="m-tag">{s.enabled ? '已启用' : '已停用'}</span>
          </h2>
          <p>
            <span className="m-muted">关键词</span> {s.keywords ? `${s.keywords}（${MATCH_MODE_LABELS[s.matchMode]}）` : '不限'}
          </p>
          <p>
            <span className="m-muted">地区</span>{' '}
            {s.areaCodes.length > 0 ? s.areaCodes.map((code) => regionName(regions, code)).join('、') : '全省'}
          </p>
          {s.excludeWords ? (
            <p>
              <span className="m-muted">排除词</span> {s.excludeWords}
            </p>
          ) : null}
          {amountRange(s) ? (
            <p>
              <span className="m-muted">金额</span> {amountRange(s)}
            </p>
          ) : null}
          <p className="m-subscription-actions">
            <button type="button" className="m-button" onClick={() => setEditing(s)}>
              编辑
            </button>
            <button type="button" className="m-button" onClick={() => void onDelete(s)} disabled={deleting}>
              删除
            </button>
          </p>
        </section>
      ))}
      <BottomSheet open={editing !== null} title={editing === 'new' ? '添加订阅' : '编辑订阅'} onClose={close}>
        {editing !== null ? (
          <Editor key={editing === 'new' ? 'new' : editing.id} editing={editing === 'new' ? null : editing} onDone={close} />
        ) : null}
      </BottomSheet>
    </MobileMemberPage>
  );
}
