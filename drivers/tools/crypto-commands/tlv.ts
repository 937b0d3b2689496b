import {
  decodeTlv,
  emvTagName,
  isSensitiveEmvTag,
  maskPan,
  parseHex,
  toHex,
  type TlvNode,
} from '../../crypto/index.ts';
import type { CryptoCommand } from './shared/command.ts';

/** One data object as the tlv command prints it. */
interface TlvJson {
  tag: string;
  name: string | null;
  length: number;
  /** Uppercase hex of a primitive object; masked ("X…", a PAN keeps its last four) for card data. */
  value?: string;
  masked?: true;
  /** The objects inside a constructed tag, in place of its raw value. */
  children?: TlvJson[];
}

function toJson(node: TlvNode): TlvJson {
  const base = { tag: node.tag, name: emvTagName(node.tag) ?? null, length: node.value.length };
  if (isSensitiveEmvTag(node.tag)) {
    const digits = toHex(node.value).replace(/F+$/, '');
    const value = node.tag === '5A' ? maskPan(digits) : 'X'.repeat(node.value.length * 2);
    return { ...base, value, masked: true };
  }
  if (node.children !== undefined) {
    return { ...base, children: node.children.map(toJson) };
  }
  return { ...base, value: toHex(node.value) };
}

/** `crypto tlv`: a BER-TLV stream decoded into a JSON tree with EMV tag names; card data masked. */
export const command: CryptoCommand = {
  name: 'tlv',
  usage: ['tlv HEX'],
  options: {},
  positionals: ['HEX'],
  run(_values, [data = '']) {
    return JSON.stringify(decodeTlv(parseHex('tlv', data)).map(toJson), null, 2);
  },
};
