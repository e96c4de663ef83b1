/** The system tables' SQL: site settings (sys_config), dictionaries (sys_dict_data), support pages and notices. */
import type { Notice, SupportPage } from '@shared/content/types';
import type { DictData } from '@shared/system/types';
import { Query, type Statements } from '../../db/connection';
import type { PagedQuery } from '../../db/paging';

export const setting = new Query<{ key: string }, { value: string }>(
  'SELECT config_value AS value FROM sys_config WHERE config_key = @key',
);

export const readSetting = (sql: Statements, key: string): string | undefined => setting.get(sql, { key })?.value;

export interface DictEntry {
  value: string;
  label: string;
}

/** Every entry of a dictionary, disabled ones included (stored codes stay readable), in display order. */
export const dictEntries = new Query<{ type: string }, DictEntry>(
  'SELECT dict_value AS value, dict_label AS label FROM sys_dict_data WHERE dict_type = @type ORDER BY dict_sort, dict_code',
);

/** The enabled entries of a dictionary as the API shows them, in display order. */
export const dictData = new Query<{ type: string }, DictData>(
  `SELECT dict_code AS dictCode, dict_sort AS dictSort, dict_label AS dictLabel, dict_value AS dictValue,
     dict_type AS dictType, css_class AS cssClass, list_class AS listClass, is_default AS isDefault, status, remark
   FROM sys_dict_data WHERE dict_type = @type AND status = '0' ORDER BY dict_sort, dict_code`,
);

/** Published notices (公告), newest first. */
export const NOTICE_LIST: PagedQuery = {
  count: "SELECT count(*) AS n FROM sys_notice WHERE status = '0'",
  rows: `SELECT notice_id AS noticeId, notice_title AS noticeTitle, notice_type AS noticeType, create_time AS createTime
         FROM sys_notice WHERE status = '0' ORDER BY notice_id DESC LIMIT @pageSize OFFSET @offset`,
  params: {},
};

export const supportPage = new Query<{ col: string }, SupportPage>(
  'SELECT col, title, content, update_time AS updateTime FROM cms_support WHERE col = @col',
);

export const publishedNotice = new Query<{ id: number }, Notice>(
  `SELECT notice_id AS noticeId, notice_title AS noticeTitle, notice_type AS noticeType, create_time AS createTime,
     notice_content AS noticeContent, status, create_by AS createBy
   FROM sys_notice WHERE notice_id = @id AND status = '0'`,
);
