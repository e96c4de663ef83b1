/** /mail/confirm?token= — the link of a confirmation mail: confirms the address for alert mail. */
import { confirmMailAddress } from '../api';
import { MailLinkAction } from '../components/mail-link-action';

export function Component() {
  return (
    <MailLinkAction
      title="确认接收提醒的邮箱"
      intro="确认后，您订阅的招标提醒将发送到这个邮箱。"
      action="确认接收提醒"
      run={confirmMailAddress}
    />
  );
}
