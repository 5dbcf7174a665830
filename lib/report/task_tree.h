// report --task: perf's tree of the recording's tasks, one line per thread ("pid tid ppid |comm"),
// each indented under its parent, as perf 7.2 prints it.
#pragma once
#include <cstdio>

#include "machine/machine.h"

namespace cperf {

// Prints the header line and every thread of `m` (the idle thread 0 first), ordered as perf
// orders them: children after their parent, siblings by tid. with_maps (--mmaps): each
// thread's user maps under it.
void print_task_tree(std::FILE* out, const Machine& m, bool with_maps = false);

}  // namespace cperf
