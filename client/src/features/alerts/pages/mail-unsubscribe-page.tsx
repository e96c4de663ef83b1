/** /mail/unsubscribe?token= — the link in every alert mail: turns alert mail off. */
import { unsubscribeMail } from '../api';
import { MailLinkAction } from '../components/mail-link-action';

export function Component() {
  return (
    <MailLinkAction
      title="退订提醒邮件"
      intro="退订后不再发送提醒邮件；站内消息提醒照常，可随时在会员中心重新开启邮件。"
      action="退订提醒邮件"
      run={unsubscribeMail}
    />
  );
}
