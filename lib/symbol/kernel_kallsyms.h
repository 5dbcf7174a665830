// Which kallsyms file gives the kernel's symbols, after perf's util/symbol.c
// dso__load_kernel_sym and dso__find_kallsyms, minus the vmlinux source cperf does not read
// (a `record --kcore` directory's copy counts as --kallsyms: recorded_kallsyms()). One deliberate difference: perf 7.2 falls back to /proc/kallsyms even when the
// recorded kernel is another one (and prints wrong names); here that needs a matching build id
// (Documentation/differences.md). The order:
//   1. --kallsyms=FILE, if given;
//   2. nothing when --symfs is given (perf tries no local file then);
//   3. the running kernel's /proc/kallsyms when the recording names no kernel build id, or
//      when that id equals the running kernel's (read from /sys/kernel/notes);
//   4. the copy `perf record` saved in the build-id cache:
//      <buildid dir>/[kernel.kallsyms]/<build id>/kallsyms;
//   5. nothing, with perf's message "No kallsyms or vmlinux with build-id <id> was found".
// A /proc/kallsyms that shows only zero addresses (kptr_restrict) gives no symbols, as perf
// refuses a restricted /proc/kallsyms.
#pragma once
#include <optional>
#include <string>

#include "symbol/build_id.h"
#include "symbol/symbol_options.h"

namespace cperf {

struct KallsymsChoice {
  std::string path;     // empty: no kallsyms file
  bool host = false;    // path is the running kernel's kallsyms (opts.host_kallsyms)
  std::string message;  // perf's error line when nothing was found (without newline)
};

// recorded: the kernel build id the file carries ([kernel.kallsyms] in HEADER_BUILD_ID or a
// kernel MMAP2 with a build id), if any. Reads opts.host_notes and checks files exist.
KallsymsChoice choose_kallsyms(const SymbolOptions& opts, const std::optional<BuildId>& recorded);

// The kallsyms copy of a `perf record --kcore` data directory (INPUT/kcore_dir/kallsyms), which
// perf's readers take as if given by --kallsyms when neither it nor -k is; "" when INPUT has none.
std::string recorded_kallsyms(const std::string& input);

// True when a kallsyms text has at least one line and every address in it is zero, as
// /proc/kallsyms shows to readers that kptr_restrict hides addresses from.
bool kallsyms_addresses_hidden(const std::string& path);

}  // namespace cperf
