/**
 * Open data (ext, docs/open-data.md): the tenders as OCDS 1.1 release and record packages. The
 * portal serves them at fixed public paths and reads them from the backend's `/api/ext/ocds/…`
 * (not in ENDPOINTS: they answer OCDS packages, not the JSON envelope).
 */

/** The page that says what is published and how (the publication policy). */
export const OPEN_DATA_PATH = '/open-data';

/** The portal's paths of the packages (names fixed by the publication policy). */
export const OCDS_RELEASES_PATH = '/ocds/releases.json';
export const OCDS_RECORD_ROUTE = '/ocds/records/:file';

/** The backend's paths of the same answers. */
export const OCDS_RELEASES_BODY_PATH = '/api/ext/ocds/releases.json';
export const OCDS_RECORD_BODY_ROUTE = '/api/ext/ocds/records/:file';

/** Releases per page: the default and the most a `pageSize` may ask for. */
export const OCDS_PAGE_SIZE_DEFAULT = 100;
export const OCDS_PAGE_SIZE_MAX = 1000;

/** `<ocid>.json` as the ocid; null for anything else (an ocid is 1–200 characters without `/`). */
export function parseRecordFile(file: string): string | null {
  const match = /^([^/\\]{1,200})\.json$/.exec(file);
  return match ? match[1]! : null;
}

/** The portal path of one process's record package. */
export const ocdsRecordPath = (ocid: string) => OCDS_RECORD_ROUTE.replace(':file', `${encodeURIComponent(ocid)}.json`);

/** The backend path of one process's record package. */
export const ocdsRecordBodyPath = (ocid: string) => OCDS_RECORD_BODY_ROUTE.replace(':file', `${encodeURIComponent(ocid)}.json`);

/** The licence the data is published under (docs/decisions/open-data.md). */
export const OCDS_LICENSE = {
  name: '知识共享署名 4.0 国际许可协议（CC BY 4.0）',
  url: 'https://creativecommons.org/licenses/by/4.0/',
} as const;
