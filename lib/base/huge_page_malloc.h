// Runs the commands that read whole profiles with glibc's malloc asking for transparent huge
// pages (its glibc.malloc.hugetlb=1 tunable).
//
// Why: where the kernel gives huge pages only to memory that asks for them (THP "madvise", the
// distributions' default), the heap grows 4 KiB page by page; reading a profile makes tens of
// thousands of page faults for symbol tables, decompressed debug info and queues, and in a
// virtual machine each one is costly (measured on a 54k-sample srcline report: 15.3k faults
// -> 6.4k, 0.26 s -> 0.18 s). The tunable is read by glibc only when a program starts, so the
// process starts itself again once with it set, before doing anything else; the re-run puts
// the environment back as the user had it, so that what cperf runs (a pager, objdump, a
// script) sees the user's own.
// Not done: where THP is "always" or "never" (nothing to gain), when the user set the tunable,
// under a preloaded library (valgrind, heaptrack: they should see the process they started),
// when being traced, in sanitizer builds, or with CPERF_NO_HUGE_MALLOC set.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cperf {

// Called first thing in main with the command's words (command name first). Returns only when
// not re-running (or when the re-run failed); in the re-run, restores the user's environment
// and returns. Only for inputs of at least kHugeMallocMinInput bytes: starting again costs
// ~15 ms, more than a small profile gains.
inline constexpr uint64_t kHugeMallocMinInput = uint64_t{1} << 20;
void rerun_with_huge_page_malloc(char** argv, const std::vector<std::string>& args);

// Parts, for tests: whether /sys/kernel/mm/transparent_hugepage/enabled's text selects
// "madvise"; the GLIBC_TUNABLES value to run with (nullopt: the user already chose); the size
// of the largest file the command's words name (-i FILE, --input=FILE, -iFILE or a plain
// word), or of perf.data (diff: and perf.data.old) when no input is named.
bool thp_mode_is_madvise(std::string_view enabled_text);
std::optional<std::string> tunables_with_hugetlb(const char* user_value);
uint64_t largest_input(const std::vector<std::string>& args);

}  // namespace cperf
