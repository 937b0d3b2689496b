// A lane notice in the UI's language: its words by code with its parameters filled in, an
// operation parameter (a lane API Operation code) and a device (a DeviceKind) named in that
// language too.
import { en, type MessageKey } from '../i18n/en.ts';
import type { MessageParams } from '../i18n/catalogue.ts';
import type { Notice } from '../lane/lane-types.ts';

/** The text of `notice`, looked up with `t` as `notice.<code>`. */
export function noticeText(
  notice: Notice,
  t: (key: MessageKey, params?: MessageParams) => string,
): string {
  const params: MessageParams = { ...notice.params };
  const operation = `operation.${String(params.operation)}`;
  if (operation in en) params.operation = t(operation as MessageKey).toLowerCase();
  const device = `deviceKind.${String(params.device)}`;
  if (device in en) params.device = t(device as MessageKey);
  return t(`notice.${notice.code}`, params);
}
