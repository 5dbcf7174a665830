// perf report's options that change nothing cperf prints on --stdio (annotation, TUI, vmlinux
// and `-s time` settings), taken with perf 7.2's checks of their values.
#pragma once
#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "header/feature_text.h"
#include "io/perf_data_reader.h"

namespace cperf {

struct ReportCompatOptions {
  std::string pretty, time_quantum, percent_type, prefix, prefix_strip, objdump, disassembler_style;
  std::string samples;
  bool ns = false, modules = false, demangle_kernel = false, ignore_vmlinux = false, asm_raw = false;
  bool source = true, raw_trace = false, disable_order = false;
};

void add_report_compat_options(CLI::App& app, ReportCompatOptions& o);

// perf's value checks, with its messages on stderr. Returns -1 to go on, else the exit status.
int check_report_compat_options(const CLI::App& app, const ReportCompatOptions& o);

// --time-quantum in nanoseconds (perf's 100ms without it); the value passed its check.
uint64_t time_quantum_ns(const ReportCompatOptions& o);

// -w/--column-widths as perf reads it: numbers (strtol) separated by commas, one per output
// column in order; reading stops at the first number not followed by a comma. False when a
// width is negative (cperf does not take those).
bool parse_column_widths(const std::string& s, std::vector<int>& out);

// --stitch-lbr: perf stitches LBR call stacks only on files recorded with --call-graph lbr.
// Without one it warns (`report`: under "Warning:") and goes on unchanged: returns true. On
// one it stitches the samples with a hardware index (HW_INDEX) when the file gives the LBR
// size (lbr_stitch_size), as cperf does (record/lbr_callchain.h). A hybrid machine's file
// (per-PMU caps, HEADER_PMU_CAPS) with HW_INDEX samples is refused: returns false. perf
// looks before a pipe's attrs arrive: on a pipe it always warns and never stitches.
bool check_stitch_lbr(const PerfDataReader& reader, bool report);
// perf's max_branches: the core PMU's "branches" capability (CPU_PMU_CAPS), 0 without one
// (or on a pipe: no stitching there, see check_stitch_lbr).
uint64_t lbr_stitch_size(const PerfDataReader& reader);

// --group-sort-idx's value: a number (perf's message and usage when not; false then).
bool parse_group_sort_idx(const std::string& s);
// --group-sort-idx against the file's event groups: perf refuses an index other than 0 on a
// file without a group (its usage line, status 234); cperf does not sort by a group member.
// Returns -1 to go on, else the exit status.
int check_group_sort_idx(const std::string& idx, const std::vector<GroupDesc>& groups, bool pipe);

}  // namespace cperf
