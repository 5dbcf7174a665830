// perf 7.2's `annotate --stdio2` text of one symbol: its title, then one line per instruction
// (objdump's other lines hidden, perf's default hide_src_code): the share of each event,
// the offset of jump targets, an arrow for jumps, calls and returns, and the instruction as
// perf shows it (disasm_insn.h). perf writes these lines through its TUI's line writer with
// no screen width, so every line ends in the blanks of a negative field width: as many as
// the columns before them, the last ones included. The line writer is kept apart from the
// printing so that an annotate browser can draw the same lines.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "annotate/annotate_print.h"
#include "annotate/disasm_insn.h"

namespace cperf {

// One symbol made ready for perf's line writer: each line's instruction and values, the
// jump targets and the column widths.
struct Annotation2 {
  std::vector<DisasmInsn> insns;                 // per line (lines without offset: empty)
  std::vector<int> jump_sources;                 // per line: the local jumps landing there
  std::vector<std::vector<LineValue>> columns;   // per event column, per line
  int addr_width = 1;  // hex digits of the symbol's size: the offsets' column
  int name_width = 0;  // the longest mnemonic
};

// `sym_name`: perf draws no jump targets in "@plt" symbols.
Annotation2 prepare_annotation2(const AnnotatedSymbol& a, const std::string& sym_name, const DisasmContext& ctx,
                                PercentType t);

// The first instruction perf cannot print (see insn_printable), or -1.
int unprintable_line(const AnnotatedSymbol& a, const Annotation2& n);

struct Annotation2Options {
  bool show_nr_samples = false;    // -n
  bool show_total_period = false;  // --show-total-period
};

// perf's annotation_line__write for line i (an instruction), without the newline;
// `first_line`: the first line written (it names the value column when it has none).
std::string annotation2_line(const AnnotatedSymbol& a, const Annotation2& n, size_t i, const Annotation2Options& o,
                             bool first_line);

// perf's title of the event's histogram: "Samples: 164  of event 'cpu-clock', 999 Hz, Event
// count (approx.): 164164164" (`freq`: the attr's sample_freq/sample_period field).
std::string hists_title(uint64_t samples, const std::string& event, bool plural, uint64_t freq, uint64_t period);

// The title, "SYMBOL() DSO" and every instruction line.
void print_annotation_stdio2(std::FILE* out, const std::string& title, PercentType t, const std::string& sym_name,
                             const std::string& dso_long_name, const AnnotatedSymbol& a, const Annotation2& n,
                             const Annotation2Options& o);

}  // namespace cperf
