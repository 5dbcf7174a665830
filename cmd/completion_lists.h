// What perf 7.2 answers to the questions its bash completion asks: `perf --list-cmds`,
// `perf --list-opts`, `perf CMD --list-opts` and `perf CMD --list-cmds` (the command's
// subcommands). The lists are perf 7.2's, option for option, so that completing cperf offers
// what completing perf offers, including options cperf does not take yet.
#pragma once
#include <string_view>

#include "commands.h"

namespace cperf {

// "archive buildid-cache ... " (each name followed by a space, no newline): perf 7.2's commands.
const char* perf_commands_list();
// "--help --version ... ": perf 7.2's own options (before the command).
const char* perf_global_options_list();
// CMD's long options / subcommands, nullptr for a command cperf has no lists for.
const char* command_options_list(std::string_view command);
const char* command_subcommands_list(std::string_view command);

// When args (args[0] = command) ask for a list (--list-opts or --list-cmds before any "--"),
// prints it as perf does (the names, then a newline) and returns perf's status then, 130;
// otherwise -1.
int answer_list_request(const Args& args);

}  // namespace cperf
