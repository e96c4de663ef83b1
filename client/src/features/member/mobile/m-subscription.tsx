/**
 * 订阅招标 on the phone: the subscription in words, and (where the backend saves profiles,
 * capability `profile`) a bottom sheet to change it — keywords typed on one line, cities as chips.
 * Counties chosen on the desktop stay chosen and can be removed here; choosing one is the desktop
 * form's tree. The rules and the stored form are subscription-rules.ts's, as on the desktop.
 */
import { MATCH_MODE_HINTS } from '@shared/alerts/match';
import { useCallback, useState } from 'react';
import { MAX_KEYWORDS } from '@shared/constants';
import { DICT_TYPES } from '@shared/system/types';
import { BottomSheet } from '../../../components/mobile/m-list-parts';
import { useDict } from '../../../components/dict-label';
import { citiesOf, regionName } from '../../../lib/region';
import { useHasCapability } from '../../../lib/capabilities';
import { useSession } from '../../../lib/session';
import { formFailure } from '../../../lib/form-failure';
import { keywordsProblem, parseKeywords, regionsProblem, subscriptionBody, subscriptionOf } from '../subscription-rules';
import { useSaveProfile } from '../use-save-profile';

function Editor({ onSaved, onCancel }: { onSaved: () => void; onCancel: () => void }) {
  const user = useSession().member_info;
  const alerts = useHasCapability('alerts');
  const current = subscriptionOf(user);
  const regions = useDict(DICT_TYPES.region);
  const [keywords, setKeywords] = useState(current.keywords.join('，'));
  const [chosen, setChosen] = useState<readonly string[]>(current.regions);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveProfile();
  // Cities first, then what was chosen below a city on the desktop (removable here).
  const cities = citiesOf(regions);
  const counties = chosen.filter((code) => !cities.some((city) => city.dictValue === code));

  const toggle = (code: string) => {
    setError(null);
    setChosen((list) => (list.includes(code) ? list.filter((c) => c !== code) : [...list, code]));
  };
  const submit = () => {
    const words = parseKeywords(keywords);
    const problem = keywordsProblem(words) ?? regionsProblem(chosen);
    if (problem) {
      setError(problem);
      return;
    }
    save.mutate(subscriptionBody(words, chosen), { onSuccess: onSaved, onError: (caught) => setError(formFailure(caught)) });
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
          <span>订阅关键词</span>
          <input
            name="keywords"
            value={keywords}
            placeholder="如：道路，学校，污水处理"
            enterKeyHint="done"
            onChange={(event) => {
              setError(null);
              setKeywords(event.target.value);
            }}
          />
        </label>
        <p className="m-muted">{`用逗号或空格分隔，最多 ${MAX_KEYWORDS} 个；${MATCH_MODE_HINTS.any}，匹配的新招标列在下面${alerts ? '并提醒您' : ''}。不填则不限关键词。`}</p>
        <h3 id="m-subscription-regions">订阅地区</h3>
        <div className="m-chips" role="group" aria-labelledby="m-subscription-regions">
          {[...cities.map((city) => city.dictValue), ...counties].map((code) => (
            <button
              key={code}
              type="button"
              role="checkbox"
              aria-checked={chosen.includes(code)}
              className="m-chip"
              onClick={() => toggle(code)}
            >
              {regionName(regions, code)}
            </button>
          ))}
        </div>
        <p className="m-muted">不选则为全省；具体区县在电脑版选择。</p>
        {error ? (
          <p className="m-alert m-alert-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="m-sheet-actions">
        <button type="button" className="m-button" onClick={onCancel}>
          取消
        </button>
        {/* Not disabled while busy: a second tap must reach the duplicate-submit guard (spec §5). */}
        <button type="submit" className="m-button m-button-primary">
          {save.isPending ? '正在保存…' : '保存订阅'}
        </button>
      </div>
    </form>
  );
}

export function MobileSubscription() {
  const user = useSession().member_info;
  const regions = useDict(DICT_TYPES.region);
  const editable = useHasCapability('profile');
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const { keywords, regions: codes } = subscriptionOf(user);
  const close = useCallback(() => setOpen(false), []);
  return (
    <section className="m-card m-subscription" aria-label="我的订阅">
      <p>
        <span className="m-muted">关键词</span> {keywords.length > 0 ? keywords.join('、') : '不限'}
      </p>
      <p>
        <span className="m-muted">地区</span> {codes.length > 0 ? codes.map((code) => regionName(regions, code)).join('、') : '全省'}
      </p>
      {saved ? (
        <p className="m-alert m-alert-success" role="status">
          订阅已保存，下面是符合新订阅的招标
        </p>
      ) : null}
      {editable ? (
        <button
          type="button"
          className="m-button m-button-block"
          onClick={() => {
            setSaved(false);
            setOpen(true);
          }}
        >
          修改订阅
        </button>
      ) : null}
      <BottomSheet open={open} title="修改订阅" onClose={close}>
        <Editor
          onCancel={close}
          onSaved={() => {
            setSaved(true);
            close();
          }}
        />
      </BottomSheet>
    </section>
  );
}
