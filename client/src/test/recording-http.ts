import { AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { createHttp } from '../lib/http/axios-http';

/** The browser's request layer with an adapter that records each request and answers `data`. */
export function recordingHttp(data: object) {
  const sent: InternalAxiosRequestConfig[] = [];
  const http = createHttp({ baseURL: '/prod-api', storage: window.sessionStorage });
  http.axios.defaults.adapter = async (config): Promise<AxiosResponse> => {
    sent.push(config);
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  };
  return { http, sent, header: (i: number, name: string) => AxiosHeaders.from(sent[i]?.headers).get(name) };
}
