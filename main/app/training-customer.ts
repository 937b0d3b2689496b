// Training mode's customer on the lane API: training.cards lists the simulators' test cards
// (id, description, brand: never a number) and training.present makes the simulated customer
// present one; every other command goes to the lane unchanged (lane API: training commands).
import type { TrainingDevices } from '../devices/index.ts';
import type { CommandReply, LaneApi, LaneCommand } from '../lane-api/index.ts';

/** The part of the training devices the customer uses. */
export type TrainingCustomerDevices = Pick<TrainingDevices, 'cards' | 'present'>;

async function answer(
  devices: TrainingCustomerDevices,
  command: Extract<LaneCommand, { type: 'training.cards' | 'training.present' }>,
): Promise<CommandReply> {
  if (command.type === 'training.cards') {
    const cards = devices.cards.map(({ id, description, brand }) => ({ id, description, brand }));
    return { ok: true, data: { cards } };
  }
  if (!devices.cards.some((card) => card.id === command.cardId)) {
    return {
      ok: false,
      error: {
        code: 'not_found',
        message: `training.present: no test card ${command.cardId}`,
        field: 'cardId',
        rule: 'training.card_id',
      },
    };
  }
  try {
    await devices.present(command.cardId, command.how);
    return { ok: true, data: { presented: true } };
  } catch {
    return {
      ok: false,
      error: {
        code: 'unavailable',
        message: `training.present: the simulated reader did not take the card`,
      },
    };
  }
}

/** `lane` with the training customer answering the training commands from `devices`. */
export function withTrainingCustomer(lane: LaneApi, devices: TrainingCustomerDevices): LaneApi {
  return {
    send: ((command: LaneCommand) =>
      command.type === 'training.cards' || command.type === 'training.present'
        ? answer(devices, command)
        : lane.send(command as never)) as LaneApi['send'],
    subscribe: (listener) => lane.subscribe(listener),
  };
}
