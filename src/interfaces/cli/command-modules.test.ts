import { Command, Help } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMAND_MODULES, commandModule, registerSummaries } from './command-modules.js';

describe('COMMAND_MODULES', () => {
  it('summarises each command exactly as its module registers it, in the order of the help', async () => {
    const program = new Command('cairn');
    for (const module of COMMAND_MODULES) (await module.register())(program);
    const help = new Help();
    const registered = help
      .visibleCommands(program)
      .filter((command) => command.name() !== 'help')
      .map((command) => ({
        name: command.name(),
        term: help.subcommandTerm(command),
        description: help.subcommandDescription(command),
      }));
    expect(COMMAND_MODULES.flatMap((module) => module.commands)).toEqual(registered);
  });

  it('gives each command’s module, and none for an unknown word', () => {
    expect(commandModule('ask')?.commands.map((command) => command.name)).toEqual(['search', 'ask']);
    expect(commandModule('bogus')).toBeUndefined();
    expect(commandModule(undefined)).toBeUndefined();
  });
});

describe('registerSummaries', () => {
  it('lists the commands in the root help as the registered modules do', async () => {
    const full = new Command('cairn').description('d');
    for (const module of COMMAND_MODULES) (await module.register())(full);
    const summaries = new Command('cairn').description('d');
    registerSummaries(summaries);
    expect(summaries.helpInformation()).toBe(full.helpInformation());
  });
});
