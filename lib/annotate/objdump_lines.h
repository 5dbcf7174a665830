// objdump's disassembly text, read as perf 7.2 reads it: one AnnotLine per output line that
// is not objdump's own "FILE:" banner, trimmed, tabs expanded, instruction lines of the
// symbol's range split into their offset and the text after the address.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cperf {

struct AnnotLine {
  int64_t offset = -1;  // from the symbol's objdump start; -1: not one of its instructions
  std::string text;     // instruction lines: the text after "ADDR:"
  int line_nr = 0;      // perf's running line number (printed for source and other lines)
};

// perf's expand_tabs: each tab becomes the spaces up to the next multiple of 8.
std::string expand_tabs(std::string_view line);

// Parses objdump's whole stdout. `filename`: the path objdump was given (lines holding
// "filename:" are dropped); [start, end): the symbol's objdump addresses. A line
// "/path:NUMBER" (objdump -l) sets the line number and is not kept.
std::vector<AnnotLine> parse_objdump_output(std::string_view out, const std::string& filename, uint64_t start,
                                            uint64_t end);

}  // namespace cperf
