// perf's pager: long text output on a terminal goes through a pager. Which one: $PERF_PAGER,
// else $PAGER, else `less` (run with LESS=FRSX and LV=-c unless they are set, as perf does); an
// empty value or "cat" means none. Never when stdout is not a terminal. `--no-pager`/`-P`
// before the command turns it off, `--paginate`/`-p` asks for it on commands that do not
// page by themselves (they still need a terminal).
#pragma once

namespace cperf {

// Starts the pager and sends stdout (and stderr, when it is the same terminal) into it.
// The process waits for the pager to finish when it exits. Does nothing when stdout is not a
// terminal, no pager is configured, or the pager cannot be started.
void setup_pager();

// A command that takes stdout instead, terminal or not (perf's force_pager: script --xed).
void force_pager(const char* command);

// The choice made before the command: 0 `--no-pager`, 1 `--paginate`, -1 none.
void set_pager_choice(int choice);
int pager_choice();

}  // namespace cperf
