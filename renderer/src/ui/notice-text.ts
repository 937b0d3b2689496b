// A lane notice in the UI's language: its words by code with its parameters filled in, each named
// in that language too: an operation (a lane API Operation code, or a WorkflowKind for a workflow
// the lane stopped), an amount (the lane sends
// "12.50", shown as the screens show money) and a device (a lane API DeviceKind code), so no word
// of another language is left in it (docs/app.md, Design).
import { en, type MessageKey } from '../i18n/en.ts';
import type { MessageParams } from '../i18n/catalogue.ts';
import type { Notice } from '../lane/lane-types.ts';

/** An amount as the lane writes it in a notice: major units with two decimals. */
const LANE_AMOUNT = /^(\d+)\.(\d{2})$/;

/** The catalogue's words for `code` under `prefix`, when it has them. */
function named(
  prefix: string,
  code: string | number | undefined,
  t: (key: MessageKey) => string,
): string | undefined {
  const key = `${prefix}.${String(code)}`;
  return key in en ? t(key as MessageKey) : undefined;
}

/** The text of `notice`, looked up with `t` as `notice.<code>`; `money` writes minor units. */
export function noticeText(
  notice: Notice,
  t: (key: MessageKey, params?: MessageParams) => string,
  money: (minor: number) => string,
): string {
  const params: MessageParams = { ...notice.params };
  const operation = named('operation', params.operation, t) ?? named('kind', params.operation, t);
  if (operation !== undefined) params.operation = operation.toLowerCase();
  const device = named('deviceKind', params.device, t);
  if (device !== undefined) params.device = device;
  const amount = LANE_AMOUNT.exec(String(params.amount ?? ''));
  if (amount !== null) params.amount = money(Number(amount[1]) * 100 + Number(amount[2]));
  return t(`notice.${notice.code}`, params);
}
