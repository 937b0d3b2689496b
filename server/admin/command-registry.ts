import { readdirSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdminCommand } from './admin-command.ts';

const COMMANDS_DIR = new URL('./commands/', import.meta.url);
/** The commands' modules are what this one is: TypeScript run by tsx, or the built JavaScript. */
const MODULE_EXTENSION = extname(fileURLToPath(import.meta.url));

function isAdminCommand(value: unknown): value is AdminCommand {
  if (typeof value !== 'object' || value === null) return false;
  const command = value as Partial<AdminCommand>;
  return typeof command.name === 'string' && typeof command.run === 'function';
}

/**
 * Every admin command, by name: one per file under server/admin/commands/, each exporting
 * `adminCommand`. Throws when a file exports none or two files share a name.
 */
export async function loadAdminCommands(): Promise<Map<string, AdminCommand>> {
  const files = readdirSync(fileURLToPath(COMMANDS_DIR))
    .filter((file) => file.endsWith(MODULE_EXTENSION))
    .sort();
  const commands = new Map<string, AdminCommand>();
  for (const file of files) {
    const module = (await import(new URL(file, COMMANDS_DIR).href)) as { adminCommand?: unknown };
    if (!isAdminCommand(module.adminCommand)) {
      throw new Error(`admin command file ${file}: exports no adminCommand`);
    }
    if (commands.has(module.adminCommand.name)) {
      throw new Error(`admin command ${module.adminCommand.name}: defined twice`);
    }
    commands.set(module.adminCommand.name, module.adminCommand);
  }
  return commands;
}
