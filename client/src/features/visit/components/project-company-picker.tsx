/**
 * "从项目添加": find a project (the member's favourited projects, or a search of the project
 * library), then pick one of its companies (`getUserCompany/{id}`: 建设单位, 联系单位, and the
 * tenderers and agencies of its tenders). Contacts come along only where the member may see them;
 * masked ones are left for the member to fill in.
 */
import { useQuery } from '@tanstack/react-query';
import { Input } from 'antd';
import type { XmkListItem } from '@shared/content/types';
import type { ProjectCompany } from '@shared/visit/types';
import { parseTime } from '@shared/time';
import { favoriteListQueryOptions, xmkSearchQueryOptions } from '../../listings/api';
import { useHttp } from '../../../lib/http/context';
import { projectCompaniesQueryOptions } from '../api';
import { EmptyState } from '../../../components/empty-state';
import { FailedBlock, LoadingBlock } from '../../../components/member-area/load-states';

export interface PickedCompany {
  projectId: number;
  projectTitle: string;
  company: ProjectCompany;
}

interface ProjectChoice {
  id: number;
  title: string;
  publishTime: string;
}

const CHOICES = 6;

/** Masked values (张**, 138****5678) are no contact to call. */
export const isMasked = (text: string) => text.includes('*');

function ProjectList({
  keyword,
  onSearch,
  onPick,
}: {
  keyword: string;
  onSearch: (keyword: string) => void;
  onPick: (project: ProjectChoice) => void;
}) {
  const http = useHttp();
  const search = keyword.trim();
  const favorites = useQuery({ ...favoriteListQueryOptions(http, { type: 'xmk', isCancel: 0, pageSize: CHOICES }), enabled: !search });
  const found = useQuery({ ...xmkSearchQueryOptions(http, { keyword: search, pageSize: CHOICES }), enabled: Boolean(search) });
  const query = search ? found : favorites;
  const choices: ProjectChoice[] = search
    ? (found.data?.rows ?? []).map((row: XmkListItem) => ({ id: row.id, title: row.title, publishTime: row.publishTime }))
    : (favorites.data?.rows ?? []).map((row) => ({ id: row.dataId, title: row.title, publishTime: row.publishTime }));

  return (
    <div className="picker">
      <Input.Search
        placeholder="输入项目名称或建设单位搜索"
        allowClear
        enterButton="搜索"
        maxLength={50}
        aria-label="搜索项目"
        defaultValue={keyword}
        onSearch={onSearch}
      />
      <p className="picker-caption">{search ? `“${search}”的搜索结果` : '我收藏的项目'}</p>
      {query.isPending ? (
        <LoadingBlock label="正在加载项目" />
      ) : query.isError ? (
        <FailedBlock message={query.error.message} onRetry={() => void query.refetch()} />
      ) : choices.length === 0 ? (
        <EmptyState compact>
          <p>{search ? '没有找到相关项目，换个关键词试试' : '还没有收藏的项目，可以搜索项目库'}</p>
        </EmptyState>
      ) : (
        <ul className="picker-list">
          {choices.map((project) => (
            <li key={project.id}>
              <button type="button" className="picker-option" onClick={() => onPick(project)}>
                <span className="picker-option-title">{project.title}</span>
                <span className="picker-option-meta">{parseTime(project.publishTime, 'YYYY-MM-DD')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CompanyList({ project, onBack, onPick }: { project: ProjectChoice; onBack: () => void; onPick: (picked: PickedCompany) => void }) {
  const companies = useQuery(projectCompaniesQueryOptions(useHttp(), project.id));
  return (
    <div className="picker">
      <p className="picker-project">
        <button type="button" className="picker-back" onClick={onBack}>
          ‹ 重新选择项目
        </button>
        <span title={project.title}>{project.title}</span>
      </p>
      {companies.isPending ? (
        <LoadingBlock label="正在加载项目单位" />
      ) : companies.isError ? (
        <FailedBlock message={companies.error.message} onRetry={() => void companies.refetch()} />
      ) : companies.data.length === 0 ? (
        <EmptyState compact>
          <p>该项目暂无可跟进的单位</p>
        </EmptyState>
      ) : (
        <ul className="picker-list">
          {companies.data.map((company) => (
            <li key={company.companyName} className="company-option">
              <span className="tag tag-plain">{company.role}</span>
              <span className="company-option-name">{company.companyName}</span>
              {company.contact ? (
                <span className="company-option-contact">
                  {company.contact} {company.phone}
                </span>
              ) : null}
              {company.exists ? (
                <span className="company-option-exists">已在跟进</span>
              ) : isMasked(company.companyName) ? (
                // A contact company the member has not unlocked comes masked: nothing to follow up yet.
                <span className="company-option-exists">查看联系方式后可跟进</span>
              ) : (
                <button
                  type="button"
                  className="button button-small button-primary"
                  onClick={() => onPick({ projectId: project.id, projectTitle: project.title, company })}
                >
                  选择
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Where the picker is: kept by the dialog, so coming back from the form returns to the same list. */
export interface PickerState {
  keyword: string;
  project: ProjectChoice | null;
}

export const START: PickerState = { keyword: '', project: null };

export function ProjectCompanyPicker({
  state,
  onChange,
  onPick,
}: {
  state: PickerState;
  onChange: (state: PickerState) => void;
  onPick: (picked: PickedCompany) => void;
}) {
  return state.project ? (
    <CompanyList project={state.project} onBack={() => onChange({ ...state, project: null })} onPick={onPick} />
  ) : (
    <ProjectList
      keyword={state.keyword}
      onSearch={(keyword) => onChange({ keyword, project: null })}
      onPick={(project) => onChange({ ...state, project })}
    />
  );
}
