/**
 * Toasts, notifications and confirmations (spec §8 "error toast", "error notification").
 * antd's implementations weigh ~50 KB gzip, and most page views never show one: they are loaded
 * on first use instead of riding in every page's initial JavaScript.
 */
import type { Notifier } from './http/http';
import type * as FeedbackAntd from './feedback-antd';

type Impl = typeof FeedbackAntd;
let impl: Promise<Impl> | null = null;
const load = () => (impl ??= import('./feedback-antd'));

function run(action: (m: Impl) => unknown): void {
  if (typeof window === 'undefined') return;
  load()
    .then(action)
    .catch((error: unknown) => console.error('feedback unavailable', error));
}

export const feedback = {
  success: (content: string) => run((m) => m.message.success(content)),
  error: (content: string) => run((m) => m.message.error(content)),
  warning: (content: string) => run((m) => m.message.warning(content)),
  info: (content: string) => run((m) => m.message.info(content)),
  /** A notification titled with the message (spec §8, codes other than 401/500). */
  notifyError: (title: string, description?: string) => run((m) => m.notification.error({ title, description })),
  /** Resolves true when the user confirms. */
  confirm(opts: { title: string; content?: string; okText?: string; danger?: boolean }): Promise<boolean> {
    if (typeof window === 'undefined') return Promise.resolve(false);
    return load().then(
      (m) =>
        new Promise<boolean>((resolve) => {
          m.Modal.confirm({
            title: opts.title,
            content: opts.content,
            okText: opts.okText ?? '确定',
            cancelText: '取消',
            okButtonProps: { danger: opts.danger },
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
    );
  },
  /** Start loading early, e.g. when a form is shown, so the first message appears at once. */
  preload: () => void load().catch(() => undefined),
};

/** The request layer's notifier (spec §8). */
export const feedbackNotifier: Notifier = {
  error: feedback.error,
  notifyError: (title) => feedback.notifyError(title),
};
