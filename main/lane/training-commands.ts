import type { TrainingDevices } from '../devices/index.ts';
import type { CommandReply, LaneCommand, TestCardSummary } from '../lane-api/index.ts';

/** The simulator controls training mode answers the training.* commands with. */
export type SimulatorControls = Pick<
  TrainingDevices,
  'cards' | 'present' | 'fault' | 'unplug' | 'setPrinter' | 'setCardholderPin' | 'cardholderPin'
>;

/** A catalogue card as the training screen lists it: never its number. */
function summary(card: SimulatorControls['cards'][number]): TestCardSummary {
  const chip = card.emv !== null;
  return {
    id: card.id,
    description: card.description.slice(0, 120),
    brand: card.brand,
    funding: card.funding ?? 'credit',
    lastFour: card.pan.slice(-4),
    presentations: [
      'swipe',
      'key',
      ...(chip ? (['insert', 'fallback'] as const) : []),
      ...(card.emv?.contactless === true ? (['tap'] as const) : []),
    ],
  };
}

/**
 * The answer to a training.* command (lane API, training mode only): the simulated customer
 * presents a card or cancels the PIN, a device fault is armed, a cable pulled, the printer's
 * condition set, the test cards listed. Undefined when the command is not one; not_allowed on a
 * lane without simulators. A simulator's refusal (an unknown card, a bad fault) is invalid_command.
 */
export async function answerTraining(
  command: LaneCommand,
  simulators: SimulatorControls | undefined,
): Promise<CommandReply | undefined> {
  if (!command.type.startsWith('training.')) return undefined;
  if (simulators === undefined)
    return {
      ok: false,
      error: { code: 'not_allowed', message: 'simulated devices exist in training mode only' },
    };
  try {
    switch (command.type) {
      case 'training.present':
        await simulators.present(command.card, command.how);
        break;
      case 'training.pin':
        simulators.setCardholderPin(command.mode);
        break;
      case 'training.fault':
        simulators.fault(command.device, command.fault);
        break;
      case 'training.unplug':
        await simulators.unplug(command.device, command.ms);
        break;
      case 'training.printer':
        simulators.setPrinter(command.condition);
        break;
      case 'training.cards':
        return { ok: true, data: { cards: simulators.cards.map(summary) } };
      default:
        return undefined;
    }
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 500) : 'refused';
    return { ok: false, error: { code: 'invalid_command', message } };
  }
  return { ok: true, data: {} };
}

/**
 * Training's "network down" (docs/lane.md › Offline): the lane's requests stop leaving, as when
 * the service cannot be reached; `switched` then publishes the status and, back up, forwards the
 * offline sales waiting. Training only: not_allowed on a lane without simulators.
 */
export function switchNetwork(
  down: boolean,
  simulators: SimulatorControls | undefined,
  gate: { setNetworkDown(down: boolean): void },
  switched: () => void,
): CommandReply {
  if (simulators === undefined)
    return {
      ok: false,
      error: { code: 'not_allowed', message: 'the network control exists in training mode only' },
    };
  gate.setNetworkDown(down);
  switched();
  return { ok: true, data: {} };
}
